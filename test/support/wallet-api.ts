import {
  eventChannelNames,
  eventMethodName,
  invokeChannelNames,
  type EventChannel,
  type InvokeChannel,
  type WalletApi,
} from '../../common/bridge-contract.ts';

/**
 * The one way the tests' hosts build `window.wallet` from the contract: one method per invoke channel and one `onX`
 * per event, each handed to a transport. The in-process wallet passes calls straight to main's dispatch; the
 * browser harness and the UI benchmark send this same function to the page as source, with a transport over HTTP.
 * So a new channel of the contract reaches every host without an edit here or there.
 */
export interface BridgeNames {
  invoke: readonly string[];
  /** Each event with the name of its subscription method (`sessionChanged` and `onSessionChanged`). */
  events: readonly (readonly [channel: string, method: string])[];
}

/** The contract's channels, named as `window.wallet` names them. */
export const bridgeNames: BridgeNames = {
  invoke: invokeChannelNames,
  events: eventChannelNames.map((channel) => [channel, eventMethodName(channel)] as const),
};

/**
 * Builds the object. It names nothing outside itself (no import, no closure), so that `buildWalletApi.toString()`
 * runs as it is in a page; keep it so.
 */
export function buildWalletApi(
  names: BridgeNames,
  call: (channel: string, request: unknown) => Promise<unknown>,
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void,
): WalletApi {
  const methods: [string, unknown][] = [];
  for (const channel of names.invoke) methods.push([channel, (request?: unknown) => call(channel, request)]);
  for (const [channel, method] of names.events) {
    methods.push([method, (listener: (payload: unknown) => void) => subscribe(channel, listener)]);
  }
  return Object.freeze(Object.fromEntries(methods)) as WalletApi;
}

/** The page's side, as source: `window.wallet` from `call` and `subscribe` functions defined before it in the script. */
export function walletApiSource(): string {
  return `Object.defineProperty(window, 'wallet', {
    value: (${buildWalletApi.toString()})(${JSON.stringify(bridgeNames)}, call, subscribe),
  });`;
}

export type { EventChannel, InvokeChannel };
