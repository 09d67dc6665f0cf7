import type { AxiosRequestConfig } from 'axios';
import type { CallService } from '../../common/bank-calls.ts';
import { tappedAdapter, type CallTap } from '../calls/call-tap.ts';
import { connectTimeoutAgents } from './connect-timeout-agent.ts';

/**
 * Which HTTP stack the app's calls to banks take (payments, tokens, discovery, keys, userinfo). Under plain Node
 * (tests, the harness) it is Node's own. The packaged app hands it Chromium's (`useChromiumNetwork`, with Electron's
 * `net.fetch` of a session of its own), which honours the system's proxy and PAC settings and trusts the system's
 * certificate store, as the customer's browser does: behind a company proxy or TLS inspection the bank is then
 * reachable from the app wherever the sign-in in the browser works.
 */
let chromiumFetch: typeof fetch | undefined;

export function useChromiumNetwork(fetchThroughChromium: typeof fetch | undefined): void {
  chromiumFetch = fetchThroughChromium;
}

/** The fetch every call to a bank goes through. */
export const networkFetch = (): typeof fetch => chromiumFetch ?? globalThis.fetch;

/**
 * What an axios client needs to use that stack. Through Chromium: axios's fetch adapter over it (Chromium connects,
 * and gives up on a connection, by its own rules). Through Node: the http adapter, with agents that tell "cannot
 * reach the bank" apart from "the bank is slow to answer".
 */
export function axiosTransport(
  connectTimeoutMs: number,
  watched?: { tap: CallTap | undefined; service: CallService },
): Pick<AxiosRequestConfig, 'adapter' | 'env' | 'httpAgent' | 'httpsAgent'> {
  // Where the profile's calls are listed (main/calls), the adapter hands each exchange to its tap.
  const adapter = (name: 'fetch' | 'http') => (watched?.tap ? tappedAdapter(name, watched.tap, watched.service) : name);
  if (chromiumFetch) return { adapter: adapter('fetch'), env: { fetch: chromiumFetch } };
  // One pair of agents per timeout, shared: their kept-alive connections serve every client alike.
  let agents = nodeAgents.get(connectTimeoutMs);
  if (!agents) nodeAgents.set(connectTimeoutMs, (agents = connectTimeoutAgents(connectTimeoutMs)));
  return { adapter: adapter('http'), ...agents };
}

const nodeAgents = new Map<number, ReturnType<typeof connectTimeoutAgents>>();
