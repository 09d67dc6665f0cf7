import axios, { AxiosError, type AxiosAdapter, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { CallService } from '../../common/bank-calls.ts';
import { isRedirectRefused } from './redirect.ts';

/**
 * Where the app's calls to a bank are seen as they happen (docs/BANK-CALLS.md): the bank client's bounded exchange
 * (main/net/bounded-exchange.ts), the token client's axios adapter, and the bounded fetch of discovery, keys and
 * userinfo each hand what went and what came to the profile's tap. What the tap keeps is redacted there
 * (main/calls/redact.ts); nothing here is logged. A payment's calls carry its id as the bank client was given it
 * (`BankCallFor`), an argument, not an ambient scope.
 */
export interface TappedCall {
  service: CallService;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  durationMs: number;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** Why no answer came: Timeout, NetworkError, TooLarge, Redirect (refused, never followed). */
  failure?: string;
}

/** What is known as a call leaves: when, and for whom (the customer signed in then, if anyone). */
export interface CallStart {
  at: number;
  owner?: string | undefined;
}

export interface CallTap {
  /** The profile's id: a cache of clients per tap keys on it. */
  readonly id: string;
  /** Called as the request leaves. */
  start(): CallStart;
  record(call: TappedCall & { paymentId?: string; started?: CallStart | undefined }): void;
}

/** The tap's start, or nothing where it cannot say: a call is never failed for the list's sake. */
export function startSafely(tap: CallTap): CallStart | undefined {
  try {
    return tap.start();
  } catch {
    return undefined;
  }
}

/**
 * Hands a call to the tap (`build` makes what it is given, there too); a call that cannot be recorded is left out of
 * the list, never failed for it.
 */
export function recordSafely(
  tap: CallTap,
  build: () => TappedCall & { paymentId?: string; started?: CallStart },
): void {
  try {
    tap.record(build());
  } catch {
    // The list misses this call; the payment or sign-in it belongs to goes on as if nobody watched.
  }
}

/** Header values as text: axios's headers object, fetch's Headers, or a plain record. */
export function headerRecord(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers instanceof Headers) {
    headers.forEach((value, name) => (out[name.toLowerCase()] = value));
    return out;
  }
  const plain =
    headers && typeof (headers as { toJSON?: unknown }).toJSON === 'function'
      ? (headers as { toJSON(): unknown }).toJSON()
      : headers;
  if (!plain || typeof plain !== 'object') return out;
  for (const [name, value] of Object.entries(plain as Record<string, unknown>)) {
    if (value === undefined || value === null || value === false) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value as string);
  }
  return out;
}

/** A body as text, whatever shape axios or the caller left it in. */
export function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

/** Why an exchange ended without an answer, as the call list names it. */
export function failureName(error: unknown): string {
  const code = error instanceof AxiosError ? error.code : undefined;
  const message = error instanceof Error ? error.message : '';
  if (isRedirectRefused(error)) return 'Redirect';
  if (/maxContentLength|larger than/.test(message)) return 'TooLarge';
  const name = error instanceof Error ? error.name : '';
  if (
    code === 'ECONNABORTED' ||
    code === 'ETIMEDOUT' ||
    code === AxiosError.ERR_CANCELED ||
    name === 'TimeoutError' ||
    name === 'AbortError'
  )
    return 'Timeout';
  return 'NetworkError';
}

/**
 * An axios adapter that makes the call with `adapter` and hands the exchange to `tap`. The adapter is resolved with
 * each call's config: axios's fetch adapter takes the fetch to use from `config.env`, and resolved without it would
 * use Node's global fetch, not the stack the call was given (Chromium's, in the packaged app).
 */
export function tappedAdapter(
  adapter: AxiosRequestConfig['adapter'],
  tap: CallTap,
  service: CallService,
): AxiosAdapter {
  return async (config) => {
    const send = axios.getAdapter(adapter, config);
    const started = performance.now();
    const begun = startSafely(tap);
    const done = (answer: () => Partial<TappedCall>) =>
      recordSafely(tap, () => ({
        service,
        method: (config.method ?? 'get').toUpperCase(),
        url: axios.getUri(config),
        requestHeaders: headerRecord(config.headers),
        ...optional('requestBody', bodyText(config.data)),
        ...answer(),
        durationMs: Math.max(0, Math.round(performance.now() - started)),
        ...(begun ? { started: begun } : {}),
      }));
    let response: AxiosResponse;
    try {
      response = await send(config);
    } catch (error) {
      const answered = error instanceof AxiosError ? error.response : undefined;
      done(() => (answered ? answerOf(answered) : { failure: failureName(error) }));
      throw error;
    }
    done(() => answerOf(response));
    return response;
  };
}

function answerOf(response: AxiosResponse): Partial<TappedCall> {
  return {
    status: response.status,
    responseHeaders: headerRecord(response.headers),
    ...optional('responseBody', bodyText(response.data)),
  };
}

/** `{ [key]: value }`, or nothing where there is no value (exactOptionalPropertyTypes). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
