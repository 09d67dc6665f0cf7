import { randomBytes } from 'node:crypto';
import type { Clock } from '../../common/time.ts';
import type { CallStart, TappedCall } from '../net/call-tap.ts';
import { nextAttempt, type CallStore, type StoredCall } from './call-store.ts';
import { redactBody } from './redact-body.ts';
import { errorCodeOf, redactHeaders, redactPath, REMOVED, secretForms } from './redact.ts';

/** How many payments' texts are remembered (this run, in memory) to be found again in a later call's answer. */
const PAYMENTS_REMEMBERED = 100;

export interface CallRecorderOptions {
  calls: CallStore;
  clock: Clock;
  /** What must never be kept, written out anywhere in a call: the profile's API key and client secret, its tokens. */
  secrets(profileId: string): string[];
  /** The customer signed in to the profile now: a bank call is made for them, and shown only to them. */
  customer(profileId: string): string | undefined;
}

/** A call as the tap hands it over, with the payment it was made for and what was known as it started. */
export type CallToRecord = TappedCall & { paymentId?: string; started?: CallStart | undefined };

/**
 * Turns a tapped call into a call as kept: redacted as it is recorded (nothing of the customer's or of the profile's
 * secrets reaches memory or disk), numbered, its attempt counted, and given to the customer it was made for.
 */
export class CallRecorder {
  readonly #options: CallRecorderOptions;
  /** Tells this run's call ids from every earlier run's. */
  readonly #runTag = randomBytes(4).toString('hex');
  /**
   * The customer's values a payment's calls carried (its texts, kennitölur, accounts), by payment id: a status check's
   * answer that echoes one has it removed, wherever it stands. In memory, this run only, the latest payments.
   */
  readonly #paymentTexts = new Map<string, string[]>();

  constructor(options: CallRecorderOptions) {
    this.#options = options;
  }

  record(profileId: string, call: CallToRecord): void {
    const log = this.#options.calls.of(profileId);
    const secrets = secretForms(this.#options.secrets(profileId));
    const requestId = call.requestHeaders['x-request-id'];
    const before = call.paymentId ? (this.#paymentTexts.get(call.paymentId) ?? []) : [];
    const { texts: sent, ...requestBody } = redactBody(
      call.requestBody,
      call.requestHeaders['content-type'],
      secrets,
      before,
    );
    // What the request carried of the customer's is looked for in everything else the call kept.
    const known = [...before, ...sent];
    const request = { headers: redactHeaders(call.requestHeaders, secrets, known), ...requestBody };
    // A status no HTTP answer has is kept as no answer at all.
    const status = call.status !== undefined && call.status >= 100 && call.status <= 599 ? call.status : undefined;
    const failure = status === undefined ? (call.failure ?? 'BadAnswer') : undefined;
    // A sign-in call made with the customer's token (userinfo) answers who they are: its answer is not kept.
    const aboutTheCustomer =
      call.service === 'sign-in' && /^bearer\s/i.test(call.requestHeaders['authorization'] ?? '');
    const answered = redactBody(call.responseBody, call.responseHeaders?.['content-type'], secrets, known);
    const { texts: _answered, ...responseBody } = answered;
    const response =
      status === undefined
        ? undefined
        : {
            headers: redactHeaders(call.responseHeaders ?? {}, secrets, known),
            ...(aboutTheCustomer ? (call.responseBody ? { body: REMOVED } : {}) : responseBody),
          };
    const errorCode = errorCodeOf(status, call.responseBody, known);
    if (call.paymentId && sent.length > 0) this.#remember(call.paymentId, [...new Set(known)]);
    // Whose it is: the customer signed in as it left (a call answered after they signed out stays theirs).
    const owner = call.started ? call.started.owner : this.#options.customer(profileId);
    const validRequestId = requestId && /^[\w-]{1,64}$/.test(requestId) ? requestId : undefined;
    const attempt = validRequestId ? nextAttempt(log.calls, validRequestId) : 1;
    const stored: StoredCall = {
      id: `${this.#runTag}-${(log.seq += 1)}`,
      runNo: log.run,
      at: new Date(call.started?.at ?? this.#options.clock.now()).toISOString(),
      service: call.service,
      method: call.method.slice(0, 10),
      path: redactPath(call.url, known),
      ...(validRequestId ? { requestId: validRequestId } : {}),
      ...(status === undefined ? {} : { status }),
      ...(failure ? { failure: failure.slice(0, 40) } : {}),
      durationMs: call.durationMs,
      ...(errorCode ? { errorCode } : {}),
      ...(call.paymentId ? { paymentId: call.paymentId } : {}),
      attempt,
      request,
      ...(response ? { response } : {}),
      ...(owner ? { owner } : {}),
    };
    this.#options.calls.add(log, stored);
  }

  #remember(paymentId: string, texts: string[]): void {
    this.#paymentTexts.delete(paymentId);
    this.#paymentTexts.set(paymentId, texts);
    const oldest = this.#paymentTexts.keys().next();
    if (this.#paymentTexts.size > PAYMENTS_REMEMBERED && !oldest.done) this.#paymentTexts.delete(oldest.value);
  }
}
