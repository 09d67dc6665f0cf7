import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  CALL_LOG_MAX_CALLS,
  CallDetailSchema,
  CallFilterSchema,
  type CallDetail,
  type CallFilter,
  type CallGroup,
  type CallList,
  type CallSummary,
} from '../../common/bank-calls.ts';
import type { Clock } from '../../common/time.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import type { CallStart, CallTap, TappedCall } from './call-tap.ts';
import { errorCodeOf, redactHeaders, redactPath, REMOVED, secretForms } from './redact.ts';
import { redactBody } from './redact-body.ts';

/** How many payments' texts are remembered (this run, in memory) to be found again in a later call's answer. */
const PAYMENTS_REMEMBERED = 100;
/** The runs a profile keeps: this one and the four before it. */
const RUNS_KEPT = 5;
/** What a profile's calls may take in all, bodies counted: the oldest go first past it. */
const MAX_STORED_CHARS = 1_500_000;

/**
 * A call as kept: redacted, with its run, and whose it is: the customer signed in as it left (never shown); none for
 * a sign-in call made while nobody was.
 */
const StoredCallSchema = CallDetailSchema.omit({ run: true }).extend({
  runNo: z.int().min(0),
  owner: z.string().max(20).optional(),
});
type StoredCall = z.infer<typeof StoredCallSchema>;

/** Each call is read on its own: one that no longer reads is left out, not the whole record. */
const StoredLogSchema = z.object({
  v: z.literal(1),
  lastRun: z.int().min(0),
  dropped: z.int().min(0),
  calls: z.array(z.unknown()).max(CALL_LOG_MAX_CALLS),
});
const storedCalls = (calls: unknown[]): StoredCall[] =>
  calls.flatMap((call) => {
    const parsed = StoredCallSchema.safeParse(call);
    return parsed.success ? [parsed.data] : [];
  });

interface ProfileCalls {
  /** Read from the store (a box was there to open it); calls recorded before are put after the stored ones. */
  loaded: boolean;
  run: number;
  seq: number;
  dropped: number;
  calls: StoredCall[];
  /** What the calls take, bodies counted (sizeOf): kept as calls come and go, not summed again each time. */
  size: number;
  dirty: boolean;
}

export interface CallLogOptions {
  /** A file of its own (bank-calls.json), apart from the settings: a profile's calls are one sealed record in it. */
  store: KeyValueStore;
  /** The box of this moment; without one, calls are kept for this run only. */
  box: () => SecretBox | undefined;
  clock: Clock;
  /** The list is kept and shown in this profile (a test profile, or a vendor's build that turns it on). */
  listed(profileId: string): boolean;
  /** What must never be kept, written out anywhere in a call: the profile's API key and client secret, its tokens. */
  secrets(profileId: string): string[];
  /** The customer signed in to the profile now: a bank call is made for them, and shown only to them. */
  customer(profileId: string): string | undefined;
}

const sizeOf = (call: StoredCall) => 600 + (call.request.body?.length ?? 0) + (call.response?.body?.length ?? 0);

/**
 * Every call of a profile to its bank and sign-in server (docs/BANK-CALLS.md), redacted as it is recorded, bounded
 * (CALL_LOG_MAX_CALLS, MAX_STORED_CHARS, RUNS_KEPT: the oldest go first), sealed under the data key per profile and
 * written on the core's tick when something changed, never on the call's own path.
 */
export class CallLog {
  readonly #options: CallLogOptions;
  readonly #profiles = new Map<string, ProfileCalls>();
  readonly #taps = new Map<string, CallTap>();
  /** Tells this run's call ids from every earlier run's. */
  readonly #runTag = randomBytes(4).toString('hex');
  /**
   * The customer's values a payment's calls carried (its texts, kennitölur, accounts), by payment id: a status check's
   * answer that echoes one has it removed, wherever it stands. In memory, this run only, the latest payments.
   */
  readonly #paymentTexts = new Map<string, string[]>();

  constructor(options: CallLogOptions) {
    this.#options = options;
  }

  /** The profile's tap, where its calls are listed; none elsewhere (nothing is recorded there). */
  tap(profileId: string): CallTap | undefined {
    if (!this.#options.listed(profileId)) return undefined;
    let tap = this.#taps.get(profileId);
    if (!tap) {
      tap = {
        id: profileId,
        start: () => ({ at: this.#options.clock.now(), owner: this.#options.customer(profileId) }),
        record: (call) => this.record(profileId, call),
      };
      this.#taps.set(profileId, tap);
    }
    return tap;
  }

  #context = (profileId: string) => `a2a-wallet/bankCalls/v1|${profileId}`;
  #key = (profileId: string) => `calls.${profileId}`;

  #of(profileId: string): ProfileCalls {
    let calls = this.#profiles.get(profileId);
    // The data key came since (a passcode entered): the calls kept before join this run's.
    if (calls && !calls.loaded && this.#options.box()) this.#catchUp(profileId, calls);
    if (!calls) {
      const stored = this.#read(profileId);
      calls = {
        loaded: this.#options.box() !== undefined,
        run: stored ? stored.lastRun + 1 : 0,
        seq: 0,
        dropped: stored?.dropped ?? 0,
        calls: storedCalls(stored?.calls ?? []),
        size: 0,
        dirty: false,
      };
      this.#bound(calls, true);
      this.#profiles.set(profileId, calls);
    }
    return calls;
  }

  #read(profileId: string): z.infer<typeof StoredLogSchema> | undefined {
    const box = this.#options.box();
    const sealed = this.#options.store.get(this.#key(profileId));
    if (!box || typeof sealed !== 'string') return undefined;
    try {
      const parsed = StoredLogSchema.safeParse(JSON.parse(box.open(sealed, this.#context(profileId))));
      // A damaged or foreign record is not shown; the next write replaces it.
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  record(profileId: string, call: TappedCall & { paymentId?: string; started?: CallStart | undefined }): void {
    const log = this.#of(profileId);
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
    log.calls.push(stored);
    log.size += sizeOf(stored);
    this.#bound(log, false);
    log.dirty = true;
  }

  #remember(paymentId: string, texts: string[]): void {
    this.#paymentTexts.delete(paymentId);
    this.#paymentTexts.set(paymentId, texts);
    const oldest = this.#paymentTexts.keys().next();
    if (this.#paymentTexts.size > PAYMENTS_REMEMBERED && !oldest.done) this.#paymentTexts.delete(oldest.value);
  }

  /**
   * Drops the oldest calls past the bounds. `again`: the calls were read or joined (a new run): the runs kept and the
   * size are worked out afresh; otherwise one call was added, and its size already counted.
   */
  #bound(log: ProfileCalls, again: boolean): void {
    const before = log.calls.length;
    if (again) {
      log.calls = log.calls.filter((call) => call.runNo > log.run - RUNS_KEPT);
      log.size = log.calls.reduce((sum, call) => sum + sizeOf(call), 0);
    }
    let cut = 0;
    while (log.calls.length - cut > CALL_LOG_MAX_CALLS || (log.size > MAX_STORED_CHARS && log.calls.length - cut > 1)) {
      log.size -= sizeOf(log.calls[cut] as StoredCall);
      cut += 1;
    }
    if (cut > 0) log.calls.splice(0, cut);
    log.dropped += before - log.calls.length;
  }

  /** What the signed-in customer (or, signed out, anyone) may see of the profile's calls. */
  #visible(profileId: string): StoredCall[] {
    const customer = this.#options.customer(profileId);
    // Their own calls; and sign-in calls made while nobody was signed in (a bank call always has its customer).
    return this.#of(profileId).calls.filter((call) =>
      call.owner === undefined ? call.service === 'sign-in' : call.owner === customer,
    );
  }

  #summary(log: ProfileCalls, call: StoredCall): CallSummary {
    const { runNo, owner: _owner, request: _request, response: _response, ...summary } = call;
    return { ...summary, run: log.run - runNo };
  }

  list(profileId: string, filterInput: CallFilter = {}): CallList {
    const empty = { groups: [], total: 0, dropped: 0, paymentIds: [], errorCodes: [] };
    if (!this.#options.listed(profileId)) return { shown: false, ...empty };
    const filter = CallFilterSchema.parse(filterInput);
    const log = this.#of(profileId);
    const visible = this.#visible(profileId);
    const failed = (call: StoredCall) => call.status === undefined || call.status >= 400;
    const chosen = visible.filter(
      (call) =>
        (filter.paymentId === undefined || call.paymentId === filter.paymentId) &&
        (filter.errorCode === undefined || call.errorCode === filter.errorCode) &&
        (filter.outcome === 'all' || (filter.outcome === 'failed') === failed(call)),
    );
    // A request id's calls together, the group placed by its latest call; a call without one alone.
    const groups: CallGroup[] = [];
    const byRequestId = new Map<string, CallGroup>();
    for (const call of chosen) {
      const summary = this.#summary(log, call);
      const known = call.requestId ? byRequestId.get(call.requestId) : undefined;
      if (known) {
        known.calls.push(summary);
        groups.splice(groups.indexOf(known), 1);
        groups.push(known);
        if (!known.paymentId && call.paymentId) known.paymentId = call.paymentId;
        continue;
      }
      const group: CallGroup = {
        ...(call.requestId ? { requestId: call.requestId } : {}),
        ...(call.paymentId ? { paymentId: call.paymentId } : {}),
        calls: [summary],
      };
      if (call.requestId) byRequestId.set(call.requestId, group);
      groups.push(group);
    }
    const distinct = (values: (string | undefined)[]) =>
      [...new Set(values.filter((value): value is string => value !== undefined))].sort();
    return {
      shown: true,
      groups: groups.reverse(),
      total: visible.length,
      dropped: log.dropped,
      paymentIds: distinct(visible.map((call) => call.paymentId)),
      errorCodes: distinct(visible.map((call) => call.errorCode)),
    };
  }

  detail(profileId: string, id: string): CallDetail {
    const call = this.#options.listed(profileId) ? this.#visible(profileId).find((kept) => kept.id === id) : undefined;
    if (!call) throw new WalletError('CALL_NOT_FOUND', 'No such call is kept');
    return this.#detailOf(this.#of(profileId), call);
  }

  #detailOf(log: ProfileCalls, call: StoredCall): CallDetail {
    const { request, response } = call;
    return { ...this.#summary(log, call), request, ...(response ? { response } : {}) };
  }

  /** Every call the profile may show, with its request and answer: for the support bundle. */
  details(profileId: string): CallDetail[] {
    if (!this.#options.listed(profileId)) return [];
    const log = this.#of(profileId);
    return this.#visible(profileId).map((call) => this.#detailOf(log, call));
  }

  /** Writes the profiles whose calls changed, sealed; without a box they wait in memory. */
  flush(): void {
    const box = this.#options.box();
    if (!box) return;
    for (const [profileId, log] of this.#profiles) {
      if (!log.loaded) this.#catchUp(profileId, log);
      if (!log.dirty) continue;
      const record = { v: 1, lastRun: log.run, dropped: log.dropped, calls: log.calls };
      this.#options.store.set(this.#key(profileId), box.seal(JSON.stringify(record), this.#context(profileId)));
      log.dirty = false;
    }
  }

  /** Calls recorded before the data key was open (a passcode's): the stored ones go before them. */
  #catchUp(profileId: string, log: ProfileCalls): void {
    log.loaded = true;
    const stored = this.#read(profileId);
    if (!stored) return;
    log.run = stored.lastRun + 1;
    // A send's attempts go on from those kept: numbered again for the calls that could not see them.
    const calls = storedCalls(stored.calls);
    for (const call of log.calls) {
      const attempt = call.requestId ? nextAttempt(calls, call.requestId) : call.attempt;
      calls.push({ ...call, runNo: log.run, attempt });
    }
    log.calls = calls;
    log.dropped += stored.dropped;
    this.#bound(log, true);
    log.dirty = true;
  }

  /** A profile removed: its calls go. */
  forget(profileId: string): void {
    this.#profiles.delete(profileId);
    this.#taps.delete(profileId);
    this.#options.store.delete(this.#key(profileId));
  }
}

/**
 * The attempt number of a call with `requestId`: one more than the highest kept. Not a count: the oldest calls are
 * dropped first, and a count would then give a number already shown.
 */
function nextAttempt(calls: readonly StoredCall[], requestId: string): number {
  let highest = 0;
  for (const call of calls) if (call.requestId === requestId) highest = Math.max(highest, call.attempt);
  return highest + 1;
}
