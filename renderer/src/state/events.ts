import { EVENT_CHANNEL_NAMES, eventMethodName } from '../../../common/bridge-channels.ts';
import type { EventChannel, EventPayload, WalletApi } from '../../../common/bridge-contract.ts';

export type WalletEventListener<E extends EventChannel> = (payload: EventPayload<E>) => void;

/**
 * Main's news, typed from the bridge contract (common/bridge-contract.ts `eventChannels`): `events.on('dayChanged',
 * ...)`. A new consumer is one subscription; the bus itself holds one subscription per event on the bridge, from
 * `connect()` until the stop it returns. Listeners hear an event in the order they subscribed (the app store's slices
 * first, as they subscribe when it is made, then the screens' stores).
 */
export interface WalletEvents {
  /** Returns the unsubscribe. */
  on<E extends EventChannel>(name: E, listener: WalletEventListener<E>): () => void;
  /** Starts hearing main; returns the stop. */
  connect(): () => void;
}

export function walletEvents(wallet: WalletApi): WalletEvents {
  const listeners = new Map<EventChannel, Set<(payload: never) => void>>();
  const tell = (name: EventChannel, payload: unknown) => {
    // A copy: a listener that unsubscribes (or subscribes another) while told does not change who hears this one.
    for (const listener of [...(listeners.get(name) ?? [])]) (listener as (payload: unknown) => void)(payload);
  };
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const entry = listener as (payload: never) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    connect() {
      const stops = EVENT_CHANNEL_NAMES.map((name) => hear(wallet, name, (payload) => tell(name, payload)));
      return () => stops.forEach((stop) => stop());
    },
  };
}

/** The bridge's subscription for one event (`onDayChanged` for `dayChanged`). */
function hear<E extends EventChannel>(wallet: WalletApi, name: E, listener: WalletEventListener<E>): () => void {
  const subscribe = wallet[eventMethodName(name)] as (listener: WalletEventListener<E>) => () => void;
  return subscribe(listener);
}
