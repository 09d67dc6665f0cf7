import type { PaymentOrder } from '../../common/payment.ts';
import { newRequestId } from '../../common/request-id.ts';
import { systemClock, type Clock } from '../../common/time.ts';
import { BankError, bankErrorFromResponse, parseRetryAfter } from './bank-error.ts';
import { boundedExchange, ExchangeFailed, type ExchangeAnswer } from '../net/bounded-exchange.ts';
import { DEFAULT_DEADLINE_MS, MAX_RESPONSE_BYTES } from '../net/http-limits.ts';
import type { CallTap } from '../net/call-tap.ts';
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
  /** A second limit on the whole call (once axios's timeout), told as `ETIMEDOUT` where it comes first. */
  responseTimeoutMs?: number;
  /** The whole call, however the bank drips its answer (see main/net/bounded-exchange.ts). */
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

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function networkError(error: unknown): BankError {
  const failed = error instanceof ExchangeFailed ? error : undefined;
  if (failed?.failure === 'Redirect') {
    // Not followed, and not a refusal: it says nothing certain about whether a payment was processed (unknown).
    return new BankError({
      name: 'UnexpectedResponse',
      code: 'REDIRECT',
      message: 'The bank answered with a redirect, which the app does not follow',
      retryable: false,
    });
  }
  // A request over the cap (it never is: the body is a short order) was a network error, as axios had it.
  if (failed?.failure === 'TooLarge' && failed.code !== 'ERR_BAD_REQUEST') {
    return new BankError({
      name: 'UnexpectedResponse',
      code: 'RESPONSE_TOO_LARGE',
      message: 'The bank answered with far more data than expected',
      retryable: true,
    });
  }
  // The deadline is `ERR_CANCELED`, the code axios gave it and payments have kept since; the timeout `ETIMEDOUT`.
  const timedOut = failed?.failure === 'Timeout';
  return new BankError({
    name: timedOut ? 'Timeout' : 'NetworkError',
    // Chromium's failures and Node's fetch's alike: one name for both hosts.
    code: timedOut ? (failed?.code ?? 'TIMEOUT') : 'NETWORK',
    message: timedOut ? 'The bank did not answer in time' : 'The bank could not be reached',
    retryable: true,
  });
}

export function createBankClient(options: BankClientOptions): BankClient {
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const base = `/Payments/Initiations/${encodeURIComponent(options.apiVersion ?? 'v1')}/CreditTransfers`;
  // combineURLs, as axios joined its baseURL and a path: the base's trailing slashes dropped.
  const root = `${options.baseUrl.replace(/\/+$/, '')}${base}`;
  const bounds = {
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    maxResponseBytes: options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
    timeoutMs: options.responseTimeoutMs ?? 30_000,
  };

  async function send(request: (token: string) => Promise<ExchangeAnswer>): Promise<ExchangeAnswer> {
    let refreshed = false;
    for (let waits = 0; ;) {
      let response: ExchangeAnswer;
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
        const retryAfter = parseRetryAfter(response.headers.get('retry-after') ?? undefined, clock.now());
        if (retryAfter !== undefined && retryAfter <= maxRetryAfterMs && waits < MAX_RATE_LIMIT_WAITS) {
          waits += 1;
          await sleep(retryAfter);
          continue;
        }
        throw bankErrorFromResponse(429, parseBody(response.text), retryAfter);
      }
      return response;
    }
  }

  const watch = (call: BankCallFor) => ({ tap: options.tap, service: 'bank' as const, paymentId: call.paymentId });

  const headers = (token: string, requestId: string) => ({
    apikey: options.apiKey,
    Authorization: `Bearer ${token}`,
    'X-Request-ID': requestId,
  });

  return {
    async createCreditTransfer(order, requestId, call = {}) {
      const body = JSON.stringify(creditTransferBody(order));
      const response = await send((token) =>
        boundedExchange(
          {
            method: 'POST',
            url: root,
            headers: { 'Content-Type': 'application/json', ...headers(token, requestId) },
            body,
          },
          bounds,
          watch(call),
        ),
      );
      const location = response.headers.get('location') ?? undefined;
      // A replayed X-Request-ID is answered with the original Location; its status is not documented.
      const success = (response.status >= 200 && response.status < 300) || (response.status === 409 && !!location);
      if (!success) throw bankErrorFromResponse(response.status, parseBody(response.text));
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
        boundedExchange(
          {
            method: 'GET',
            url: `${root}/${encodeURIComponent(initiationId)}`,
            headers: { Accept: 'application/json', ...headers(token, newRequestId()) },
          },
          bounds,
          watch(call),
        ),
      );
      if (response.status !== 200) throw bankErrorFromResponse(response.status, parseBody(response.text));
      const parsed = InitiationSchema.safeParse(parseBody(response.text));
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
