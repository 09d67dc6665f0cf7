import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import type { PaymentOrder } from '../../common/payment.ts';
import { newRequestId } from '../../common/request-id.ts';
import { systemClock, type Clock } from '../../common/time.ts';
import { BankError, bankErrorFromResponse, parseRetryAfter } from './bank-error.ts';
import { boundedAxiosConfig, DEFAULT_DEADLINE_MS, MAX_RESPONSE_BYTES } from '../net/http-limits.ts';
import type { CallTap } from '../net/call-tap.ts';
import { axiosTransport } from '../net/network.ts';
import { isRedirectRefused } from '../net/redirect.ts';
import {
  creditTransferBody,
  initiationIdFromLocation,
  InitiationSchema,
  isValidInitiationId,
  type Initiation,
} from './initiation.ts';

/** The Payment Initiation API, exactly as bank-service.md describes it. One attempt per call, but for 429 and 401. */
export interface BankClientOptions {
  baseUrl: string;
  apiKey: string;
  apiVersion?: string;
  accessToken: () => Promise<string>;
  /** After a 401: get a new access token; false when that is not possible (the customer must sign in). */
  refreshAccessToken?: () => Promise<boolean>;
  /** axios's timeout: with the fetch adapter, in every host, a limit on the whole call as `deadlineMs` is. */
  responseTimeoutMs?: number;
  /** The whole call, however the bank drips its answer (see main/net/http-limits.ts). */
  deadlineMs?: number;
  maxResponseBytes?: number;
  /** The longest Retry-After the client waits out by itself; a longer one is returned to the caller. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
  clock?: Clock;
  /** Where the profile's calls are listed (main/calls). */
  tap?: CallTap | undefined;
}

export interface CreatedInitiation {
  initiationId: string;
  location: string;
  /** The HTTP status: 201 for a new initiation; a bank may answer a replayed X-Request-ID otherwise. */
  httpStatus: number;
}

/** What a call is made for: the payment whose send or status check it is (the call list groups calls by it). */
export interface BankCallFor {
  paymentId?: string | undefined;
}

export interface BankClient {
  createCreditTransfer(order: PaymentOrder, requestId: string, call?: BankCallFor): Promise<CreatedInitiation>;
  getCreditTransfer(initiationId: string, call?: BankCallFor): Promise<Initiation>;
}

const MAX_RATE_LIMIT_WAITS = 3;

function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function networkError(error: unknown): BankError {
  if (isRedirectRefused(error)) {
    // Not followed, and not a refusal: it says nothing certain about whether a payment was processed (unknown).
    return new BankError({
      name: 'UnexpectedResponse',
      code: 'REDIRECT',
      message: 'The bank answered with a redirect, which the app does not follow',
      retryable: false,
    });
  }
  const code = error instanceof AxiosError ? error.code : undefined;
  if (code === AxiosError.ERR_BAD_RESPONSE && /maxContentLength/.test((error as Error).message)) {
    return new BankError({
      name: 'UnexpectedResponse',
      code: 'RESPONSE_TOO_LARGE',
      message: 'The bank answered with far more data than expected',
      retryable: true,
    });
  }
  // ERR_CANCELED: the total deadline's signal fired.
  const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === AxiosError.ERR_CANCELED;
  return new BankError({
    name: timedOut ? 'Timeout' : 'NetworkError',
    // Chromium's failures carry no code axios knows, Node's fetch's are ERR_NETWORK: one name for both hosts.
    code: timedOut ? (code ?? 'TIMEOUT') : 'NETWORK',
    message: timedOut ? 'The bank did not answer in time' : 'The bank could not be reached',
    retryable: true,
  });
}

export function createBankClient(options: BankClientOptions): BankClient {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const base = `/Payments/Initiations/${encodeURIComponent(options.apiVersion ?? 'v1')}/CreditTransfers`;
  const http: AxiosInstance = axios.create({
    baseURL: options.baseUrl,
    timeout: options.responseTimeoutMs ?? 30_000,
    validateStatus: () => true,
    // The body is parsed here, not by axios: a bank may answer with text, or with nothing at all.
    transformResponse: [(data: unknown) => data],
    responseType: 'text',
    ...axiosTransport({ tap: options.tap, service: 'bank' }),
  });

  const bounds = () =>
    boundedAxiosConfig({
      deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
      maxResponseBytes: options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
    });

  async function send(request: (token: string) => Promise<AxiosResponse<string>>): Promise<AxiosResponse<string>> {
    let refreshed = false;
    for (let waits = 0; ;) {
      let response: AxiosResponse<string>;
      const token = await options.accessToken();
      try {
        response = await request(token);
      } catch (error) {
        throw networkError(error);
      }
      if (response.status === 401 && !refreshed && options.refreshAccessToken) {
        refreshed = true;
        if (await options.refreshAccessToken()) continue;
      }
      if (response.status === 429) {
        const retryAfter = parseRetryAfter(response.headers['retry-after'] as string | undefined, clock.now());
        if (retryAfter !== undefined && retryAfter <= maxRetryAfterMs && waits < MAX_RATE_LIMIT_WAITS) {
          waits += 1;
          await sleep(retryAfter);
          continue;
        }
        throw bankErrorFromResponse(429, parseBody(response.data), retryAfter);
      }
      return response;
    }
  }

  const headers = (token: string, requestId: string) => ({
    apikey: options.apiKey,
    Authorization: `Bearer ${token}`,
    'X-Request-ID': requestId,
  });

  return {
    async createCreditTransfer(order, requestId, call = {}) {
      const body = creditTransferBody(order);
      const response = await send((token) =>
        http.post(base, body, {
          ...bounds(),
          paymentId: call.paymentId,
          headers: { ...headers(token, requestId), 'Content-Type': 'application/json' },
        }),
      );
      const location = response.headers['location'] as string | undefined;
      // A replayed X-Request-ID is answered with the original Location; its status is not documented.
      const success = (response.status >= 200 && response.status < 300) || (response.status === 409 && !!location);
      if (!success) throw bankErrorFromResponse(response.status, parseBody(response.data));
      const initiationId = location ? initiationIdFromLocation(location, options.baseUrl) : undefined;
      if (!location || !initiationId) {
        // The bank said yes but not (readably) where: the payment may exist, so the same request id may be sent
        // again, and nothing from that Location is stored or put in a path.
        throw new BankError({
          name: 'UnexpectedResponse',
          code: location ? 'BAD_LOCATION' : 'MISSING_LOCATION',
          message: 'The bank accepted the payment but did not say where to find it',
          httpStatus: response.status,
          retryable: true,
        });
      }
      return { initiationId, location, httpStatus: response.status };
    },

    async getCreditTransfer(initiationId, call = {}) {
      if (!isValidInitiationId(initiationId)) {
        throw new BankError({
          name: 'UnexpectedResponse',
          code: 'BAD_INITIATION_ID',
          message: 'The initiation id is not one the app can use',
          retryable: false,
        });
      }
      const response = await send((token) =>
        http.get(`${base}/${encodeURIComponent(initiationId)}`, {
          ...bounds(),
          paymentId: call.paymentId,
          headers: { ...headers(token, newRequestId()), Accept: 'application/json' },
        }),
      );
      if (response.status !== 200) throw bankErrorFromResponse(response.status, parseBody(response.data));
      const parsed = InitiationSchema.safeParse(parseBody(response.data));
      if (!parsed.success) {
        throw new BankError({
          name: 'UnexpectedResponse',
          code: 'BAD_INITIATION',
          message: 'The bank answered with an initiation the app cannot read',
          httpStatus: response.status,
          retryable: true,
        });
      }
      return parsed.data;
    },
  };
}
