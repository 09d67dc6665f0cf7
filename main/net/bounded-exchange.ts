import type { CallService } from '../../common/bank-calls.ts';
import { optional, recordSafely, startSafely, type CallTap, type TappedCall } from './call-tap.ts';
import { DEFAULT_DEADLINE_MS, MAX_RESPONSE_BYTES } from './http-limits.ts';
import { networkFetch } from './network.ts';
import { isRedirectRefused } from './redirect.ts';

/**
 * One call to the bank's payments API, straight over the app's one fetch (`networkFetch()`: Node's, or Chromium's in
 * the packaged app; redirects refused there), with the bounds every bank call has (main/net/http-limits.ts): one
 * total deadline for the whole exchange, headers and body, one abort signal, and a response cap counted as the bytes
 * arrive. It does what the bank client once asked of axios's fetch adapter (config merging, a composed signal, the
 * body streamed through a counting wrapper into a second Response), and nothing else: about half of a send's
 * POST + GET above raw fetch was that work (docs/BENCHMARKS.md, issue 40). The bank sees the same request (headers
 * cleaned as axios cleaned them, axios's default Accept and User-Agent), and the call list is given the same record.
 */
export interface ExchangeRequest {
  method: 'GET' | 'POST';
  url: string;
  /** In the order they are recorded; names as given, recorded lowercased. */
  headers: Record<string, string>;
  body?: string;
}

export interface ExchangeAnswer {
  status: number;
  headers: Headers;
  /** The body as text (UTF-8, a byte-order mark dropped, as `Response.text()`); '' for none. */
  text: string;
}

export interface ExchangeBounds {
  deadlineMs?: number | undefined;
  maxResponseBytes?: number | undefined;
  /**
   * A second limit on the whole call: what axios's `timeout` was (it fails as `ETIMEDOUT` where it comes before the
   * deadline, which fails as `ERR_CANCELED`, the code axios gave it and payments have kept since).
   */
  timeoutMs?: number | undefined;
}

/** Why an exchange ended without an answer, with the code the bank client has always reported for it. */
export type ExchangeFailure = 'Timeout' | 'TooLarge' | 'Redirect' | 'NetworkError';

export class ExchangeFailed extends Error {
  override readonly name = 'ExchangeFailed';
  readonly failure: ExchangeFailure;
  readonly code: string | undefined;

  constructor(failure: ExchangeFailure, code: string | undefined, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.failure = failure;
    this.code = code;
  }
}

/** Who watches: the profile's call list, and the payment the call is made for. */
export interface ExchangeWatch {
  tap: CallTap | undefined;
  service: CallService;
  paymentId?: string | undefined;
}

/** The User-Agent the bank has always seen from the app's payments API calls (axios's), kept as it was. */
const USER_AGENT = 'axios/1.21.1';
/** axios's default Accept, sent where a call names none. */
const DEFAULT_ACCEPT = 'application/json, text/plain, */*';

/** A header value axios sent unchanged: printable ASCII, no space or tab at either end. */
const PLAIN_VALUE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;
// The control-code ranges are the point: axios's header cleaning strips C0 and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const NOT_BYTE_STRING = /[^\u0009\u0020-\u007e\u0080-\u00ff]+/g;
const trimmed = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');

/** What axios kept of a header value (control characters out, ends trimmed), and what it put on the wire. */
function cleaned(value: string): { kept: string; sent: string } {
  if (PLAIN_VALUE.test(value)) return { kept: value, sent: value };
  const kept = trimmed(value.replace(CONTROL, ''));
  return { kept, sent: trimmed(kept.replace(NOT_BYTE_STRING, '')) };
}

/** A response's headers as the call list keeps them: names lowercased, repeated ones (Set-Cookie) joined. */
function answerHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const before = out[name];
    out[name] = before === undefined ? value : `${before}, ${value}`;
  });
  return out;
}

const decoder = new TextDecoder();

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ExchangeFailed('TooLarge', undefined, `response larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  if (chunks.length === 0) return '';
  return decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
}

/**
 * Makes one bounded call and hands it to the tap, if there is one, as the request leaves and once it ended.
 * Fails only with `ExchangeFailed`; any answer, whatever its status, is returned.
 */
export async function boundedExchange(
  request: ExchangeRequest,
  bounds: ExchangeBounds = {},
  watch?: ExchangeWatch,
): Promise<ExchangeAnswer> {
  const maxBytes = bounds.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const deadlineMs = bounds.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const timeoutFirst = bounds.timeoutMs !== undefined && bounds.timeoutMs < deadlineMs;
  const kept: Record<string, string> = {};
  const sent: Record<string, string> = {};
  const headers: [string, string][] = Object.entries(request.headers).map(([name, value]) => [
    name.toLowerCase(),
    value,
  ]);
  // axios's order: its default Accept (unless the call names one), then the call's own headers.
  if (!headers.some(([name]) => name === 'accept')) headers.unshift(['accept', DEFAULT_ACCEPT]);
  for (const [name, value] of headers) {
    const clean = cleaned(value);
    kept[name] = clean.kept;
    sent[name] = clean.sent;
  }
  sent['user-agent'] = USER_AGENT;

  const tap = watch?.tap;
  const started = tap ? performance.now() : 0;
  const begun = tap ? startSafely(tap) : undefined;
  const paymentId = watch?.paymentId;
  const done = (answer: () => Partial<TappedCall>) => {
    if (!tap) return;
    recordSafely(tap, () => ({
      service: watch.service,
      method: request.method,
      url: request.url,
      requestHeaders: kept,
      ...optional('requestBody', request.body === '' ? undefined : request.body),
      ...answer(),
      durationMs: Math.max(0, Math.round(performance.now() - started)),
      ...(paymentId ? { paymentId } : {}),
      ...(begun ? { started: begun } : {}),
    }));
  };

  const signal = AbortSignal.timeout(timeoutFirst ? (bounds.timeoutMs as number) : deadlineMs);
  let answer: ExchangeAnswer;
  try {
    if (request.body !== undefined && Buffer.byteLength(request.body) > maxBytes) {
      // As axios had it (ERR_BAD_REQUEST): listed as too large, told to the bank client as a network error.
      throw new ExchangeFailed('TooLarge', 'ERR_BAD_REQUEST', `request larger than ${maxBytes} bytes`);
    }
    const response = await networkFetch()(request.url, {
      method: request.method,
      headers: sent,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
    });
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new ExchangeFailed('TooLarge', undefined, `response larger than ${maxBytes} bytes`);
    }
    answer = { status: response.status, headers: response.headers, text: await readCapped(response, maxBytes) };
  } catch (error) {
    const failed = failedAs(error, signal, timeoutFirst);
    done(() => ({ failure: failed.failure }));
    throw failed;
  }
  done(() => ({
    status: answer.status,
    responseHeaders: answerHeaders(answer.headers),
    ...optional('responseBody', answer.text === '' ? undefined : answer.text),
  }));
  return answer;
}

function failedAs(error: unknown, signal: AbortSignal, timeoutFirst: boolean): ExchangeFailed {
  // The deadline first: whatever the stack made of the abort (an AbortError, a TimeoutError, Chromium's own).
  if (signal.aborted) {
    return timeoutFirst
      ? new ExchangeFailed('Timeout', 'ETIMEDOUT', 'The call took longer than its timeout', error)
      : new ExchangeFailed('Timeout', 'ERR_CANCELED', 'The call passed its deadline', error);
  }
  if (error instanceof ExchangeFailed) return error;
  if (isRedirectRefused(error)) return new ExchangeFailed('Redirect', undefined, 'A redirect, not followed', error);
  return new ExchangeFailed('NetworkError', undefined, 'The bank could not be reached', error);
}
