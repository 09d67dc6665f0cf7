import type { CallDetail, CallFilter, KeptCallList } from '../../common/bank-calls.ts';
import type { Clock } from '../../common/time.ts';
import type { CallTap } from '../net/call-tap.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { CallQueries } from './call-queries.ts';
import { CallRecorder, type CallToRecord } from './call-recorder.ts';
import { CallStore } from './call-store.ts';

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

/**
 * Every call of a profile to its bank and sign-in server (docs/BANK-CALLS.md): redacted as it is recorded
 * (call-recorder.ts), kept bounded and sealed under the data key per profile, written on the core's tick when
 * something changed, never on the call's own path (call-store.ts), and read back for the screen and the support
 * bundle (call-queries.ts). Here, each profile's tap, where its calls are listed.
 */
export class CallLog {
  readonly #options: CallLogOptions;
  readonly #taps = new Map<string, CallTap>();
  readonly #calls: CallStore;
  readonly #recorder: CallRecorder;
  readonly #queries: CallQueries;

  constructor(options: CallLogOptions) {
    this.#options = options;
    const calls = new CallStore({ store: options.store, box: () => options.box() });
    this.#calls = calls;
    const customer = (profileId: string) => options.customer(profileId);
    this.#recorder = new CallRecorder({
      calls,
      clock: options.clock,
      secrets: (profileId) => options.secrets(profileId),
      customer,
    });
    this.#queries = new CallQueries({ calls, listed: (profileId) => options.listed(profileId), customer });
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

  record(profileId: string, call: CallToRecord): void {
    this.#recorder.record(profileId, call);
  }

  list(profileId: string, filterInput: CallFilter = {}): KeptCallList {
    return this.#queries.list(profileId, filterInput);
  }

  detail(profileId: string, id: string): CallDetail {
    return this.#queries.detail(profileId, id);
  }

  /** Every call the profile may show, with its request and answer: for the support bundle. */
  details(profileId: string): CallDetail[] {
    return this.#queries.details(profileId);
  }

  /** Writes the profiles whose calls changed, sealed; without a box they wait in memory. */
  flush(): void {
    this.#calls.flush();
  }

  /** A profile removed: its calls go. */
  forget(profileId: string): void {
    this.#calls.forget(profileId);
    this.#taps.delete(profileId);
  }
}
