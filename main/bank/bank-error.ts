import { bankErrorTable, type BankErrorName } from '../../common/bank-errors.ts';
import { classifyBankError } from '../../common/bank-error-texts.ts';

/**
 * A failed call to the bank, as a value the payments layer and the UI can act on. `name` is a row of the bank's
 * catalogue, or one of our own for failures that never reached a bank answer.
 */
export type BankFailureName = BankErrorName | 'NetworkError' | 'Timeout' | 'RateLimited' | 'UnexpectedResponse';

export class BankError extends Error {
  readonly httpStatus: number | undefined;
  override readonly name: BankFailureName;
  readonly code: string;
  /** Safe to send again with the same X-Request-ID: the bank did not refuse it, the answer was lost or failed. */
  readonly retryable: boolean;
  /** For 429: how long the bank asked us to wait. */
  readonly retryAfterMs: number | undefined;
  /**
   * The bank clearly refused: a 4xx whose body carries a code of its catalogue. Anything else that is not a success
   * (a redirect, a 4xx without a known code, an unreadable answer) leaves the outcome of a send unknown.
   */
  readonly refusal: boolean;

  constructor(init: {
    name: BankFailureName;
    code: string;
    message: string;
    httpStatus?: number | undefined;
    retryable: boolean;
    retryAfterMs?: number | undefined;
    refusal?: boolean;
  }) {
    super(init.message);
    this.name = init.name;
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.retryable = init.retryable;
    this.retryAfterMs = init.retryAfterMs;
    this.refusal = init.refusal ?? false;
  }

  toJSON() {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      httpStatus: this.httpStatus,
      retryable: this.retryable,
      refusal: this.refusal,
    };
  }
}

const CODE_PATTERN = /ERR_\d{5}_\d{3}/;

/** Looks for an error code wherever a bank might put it: top level, `error`, `errors[]`, or anywhere in text. */
export function findErrorCode(body: unknown): string | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return CODE_PATTERN.exec(body)?.[0];
  if (typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const key of ['code', 'errorCode', 'error_code']) {
    const value = record[key];
    if (typeof value === 'string' && CODE_PATTERN.test(value)) return CODE_PATTERN.exec(value)?.[0];
  }
  for (const key of ['error', 'errors', 'Error', 'Errors', 'fault']) {
    const nested = record[key];
    const list = Array.isArray(nested) ? nested : [nested];
    for (const item of list) {
      const code = findErrorCode(item);
      if (code) return code;
    }
  }
  return CODE_PATTERN.exec(JSON.stringify(body))?.[0];
}

/** Parses a Retry-After header: seconds, or an HTTP date relative to `now`. */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The typed error for an HTTP answer that was not a success. */
export function bankErrorFromResponse(httpStatus: number, body: unknown, retryAfterMs?: number): BankError {
  if (httpStatus === 429) {
    return new BankError({
      name: 'RateLimited',
      code: findErrorCode(body) ?? 'HTTP_429',
      message: 'The bank asked the app to slow down',
      httpStatus,
      retryable: true,
      retryAfterMs,
    });
  }
  const code = findErrorCode(body);
  const name = classifyBankError(code, httpStatus);
  // A specific code is the bank's decision; only a generic server failure may be tried again.
  const retryable = name === 'InternalServerError' || (!name && httpStatus >= 500);
  if (!name) {
    return new BankError({
      name: 'UnexpectedResponse',
      code: code ?? `HTTP_${httpStatus}`,
      message: `The bank answered with HTTP ${httpStatus}`,
      httpStatus,
      retryable,
    });
  }
  const row = bankErrorTable[name];
  // Only the bank's own code in a 4xx is a decision; a bare status could come from anything on the way.
  const refusal = code !== undefined && code === row.code && httpStatus >= 400 && httpStatus < 500;
  return new BankError({ name, code: code ?? row.code, message: row.message, httpStatus, retryable, refusal });
}
