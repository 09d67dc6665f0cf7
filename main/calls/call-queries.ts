import {
  CallFilterSchema,
  type CallDetail,
  type CallFilter,
  type CallGroup,
  type KeptCallList,
  type CallSummary,
} from '../../common/bank-calls.ts';
import { WalletError } from '../wallet-error.ts';
import type { CallStore, ProfileCalls, StoredCall } from './call-store.ts';

export interface CallQueriesOptions {
  calls: CallStore;
  /** The list is kept and shown in this profile (a test profile, or a vendor's build that turns it on). */
  listed(profileId: string): boolean;
  /** The customer signed in to the profile now: they see their own calls only. */
  customer(profileId: string): string | undefined;
}

/** What the screen and the support bundle read of a profile's calls: the list with its filters, one call, all. */
export class CallQueries {
  readonly #options: CallQueriesOptions;

  constructor(options: CallQueriesOptions) {
    this.#options = options;
  }

  /** What the signed-in customer (or, signed out, anyone) may see of the profile's calls. */
  #visible(profileId: string): StoredCall[] {
    const customer = this.#options.customer(profileId);
    // Their own calls; and sign-in calls made while nobody was signed in (a bank call always has its customer).
    return this.#options.calls
      .of(profileId)
      .calls.filter((call) => (call.owner === undefined ? call.service === 'sign-in' : call.owner === customer));
  }

  #summary(log: ProfileCalls, call: StoredCall): CallSummary {
    const { runNo, owner: _owner, request: _request, response: _response, ...summary } = call;
    return { ...summary, run: log.run - runNo };
  }

  list(profileId: string, filterInput: CallFilter = {}): KeptCallList {
    const empty = { groups: [], total: 0, dropped: 0, paymentIds: [], errorCodes: [] };
    if (!this.#options.listed(profileId)) return { shown: false, ...empty };
    const filter = CallFilterSchema.parse(filterInput);
    const log = this.#options.calls.of(profileId);
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
    return this.#detailOf(this.#options.calls.of(profileId), call);
  }

  #detailOf(log: ProfileCalls, call: StoredCall): CallDetail {
    const { request, response } = call;
    return { ...this.#summary(log, call), request, ...(response ? { response } : {}) };
  }

  /** Every call the profile may show, with its request and answer: for the support bundle. */
  details(profileId: string): CallDetail[] {
    if (!this.#options.listed(profileId)) return [];
    const log = this.#options.calls.of(profileId);
    return this.#visible(profileId).map((call) => this.#detailOf(log, call));
  }
}
