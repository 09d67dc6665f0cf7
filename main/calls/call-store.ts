import { z } from 'zod';
import { CALL_LOG_MAX_CALLS, CallDetailSchema } from '../../common/bank-calls.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

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
export type StoredCall = z.infer<typeof StoredCallSchema>;

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

/** A profile's calls as this run holds them. */
export interface ProfileCalls {
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

export interface CallStoreOptions {
  /** A file of its own (bank-calls.json), apart from the settings: a profile's calls are one sealed record in it. */
  store: KeyValueStore;
  /** The box of this moment; without one, calls are kept for this run only. */
  box: () => SecretBox | undefined;
}

const sizeOf = (call: StoredCall) => 600 + (call.request.body?.length ?? 0) + (call.response?.body?.length ?? 0);

/**
 * The calls each profile keeps: read from and sealed into one record per profile under the data key, bounded
 * (CALL_LOG_MAX_CALLS, MAX_STORED_CHARS, RUNS_KEPT: the oldest go first), and written only when asked (`flush`).
 */
export class CallStore {
  readonly #options: CallStoreOptions;
  readonly #profiles = new Map<string, ProfileCalls>();

  constructor(options: CallStoreOptions) {
    this.#options = options;
  }

  #context = (profileId: string) => `a2a-wallet/bankCalls/v1|${profileId}`;
  #key = (profileId: string) => `calls.${profileId}`;

  /** The profile's calls, read from the store the first time (or once the data key came since). */
  of(profileId: string): ProfileCalls {
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

  /** One call more: the oldest go past the bounds, and the profile is written at the next flush. */
  add(log: ProfileCalls, call: StoredCall): void {
    log.calls.push(call);
    log.size += sizeOf(call);
    this.#bound(log, false);
    log.dirty = true;
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
    this.#options.store.delete(this.#key(profileId));
  }
}

/**
 * The attempt number of a call with `requestId`: one more than the highest kept. Not a count: the oldest calls are
 * dropped first, and a count would then give a number already shown.
 */
export function nextAttempt(calls: readonly StoredCall[], requestId: string): number {
  let highest = 0;
  for (const call of calls) if (call.requestId === requestId) highest = Math.max(highest, call.attempt);
  return highest + 1;
}
