import type { AxiosRequestConfig } from 'axios';
import type { CallService } from '../../common/bank-calls.ts';
import { tappedAdapter, type CallTap } from './call-tap.ts';
import { refusingRedirects } from './redirect.ts';

/**
 * Which HTTP stack the app's calls to banks take (payments, tokens, discovery, keys, userinfo). Under plain Node
 * (tests, the harness) it is Node's own fetch. The packaged app hands it Chromium's (`useChromiumNetwork`, with
 * Electron's `session.fetch` of a session of its own), which honours the system's proxy and PAC settings and trusts
 * the system's certificate store, as the customer's browser does: behind a company proxy or TLS inspection the bank is
 * then reachable from the app wherever the sign-in in the browser works.
 *
 * Either way every call is one path over that fetch: the payments API's bounded exchange (main/net/bounded-exchange.ts),
 * the token client's axios fetch adapter, or the bounded fetch of main/net/http-limits.ts; redirects refused
 * (main/net/redirect.ts), one total deadline and one size cap, aborted by one signal. So what the tests and the harness
 * see of a bank is what the packaged app sees (test/main/net/same-everywhere.isolated.test.ts).
 */
let chromiumFetch: typeof fetch | undefined;

export function useChromiumNetwork(fetchThroughChromium: typeof fetch | undefined): void {
  chromiumFetch = fetchThroughChromium;
}

// One wrapper a stack: axios keeps one fetch adapter per fetch function it is given.
const refusing = new WeakMap<typeof fetch, typeof fetch>();

/** The fetch every call to a bank goes through. */
export function networkFetch(): typeof fetch {
  const underlying = chromiumFetch ?? globalThis.fetch;
  let wrapped = refusing.get(underlying);
  if (!wrapped) refusing.set(underlying, (wrapped = refusingRedirects(underlying)));
  return wrapped;
}

/**
 * What an axios client needs to use that stack: axios's fetch adapter over `networkFetch()`, in every host. A
 * connection is given up by the stack's own rule (Node's fetch: 10 s to connect; Chromium: the system's), always
 * within the call's total deadline.
 */
export function axiosTransport(watched?: {
  tap: CallTap | undefined;
  service: CallService;
}): Pick<AxiosRequestConfig, 'adapter' | 'env'> {
  // Where the profile's calls are listed (main/calls), the adapter hands each exchange to its tap.
  return {
    adapter: watched?.tap ? tappedAdapter('fetch', watched.tap, watched.service) : 'fetch',
    env: { fetch: networkFetch() },
  };
}
