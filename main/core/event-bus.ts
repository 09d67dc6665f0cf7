import { eventChannels, type EventChannel, type EventPayload } from '../../common/bridge-contract.ts';

/** An event for the renderer, already checked against the contract. */
export type WalletEvent = { [E in EventChannel]: { channel: E; payload: EventPayload<E> } }[EventChannel];

/**
 * The core's events for the window, checked against the contract on their way out, behind the lock's gate: while
 * closed (locked, or the keychain has not opened the data key) the window learns nothing but the lock's changes.
 */
export class EventBus {
  readonly #listeners = new Set<(event: WalletEvent) => void>();
  /** Closed until the lock is built and says otherwise: nothing is told before there is a lock to ask. */
  #closed: () => boolean = () => true;

  /** The gate: once the lock and the secrets exist. */
  closeWhile(closed: () => boolean): void {
    this.#closed = closed;
  }

  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void {
    if (this.#closed() && channel !== 'lockChanged') return;
    const parsed = eventChannels[channel].safeParse(payload);
    if (!parsed.success) return;
    const event = { channel, payload: parsed.data } as WalletEvent;
    for (const listener of this.#listeners) listener(event);
  }

  listen(listener: (event: WalletEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** What the host itself shows changed: the language in use, or the profiles (and so the bank sites). */
export class HostChanges {
  readonly #listeners = new Set<() => void>();

  changed(): void {
    for (const listener of this.#listeners) listener();
  }

  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
