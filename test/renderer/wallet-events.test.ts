import { describe, expect, it } from 'vitest';
import { EVENT_CHANNEL_NAMES, eventMethodName } from '../../common/bridge-channels.ts';
import { walletEvents } from '../../renderer/src/state/events.ts';
import { bridgeStub } from '../support/bridge-stub.ts';

/**
 * The window's bus of main's events (renderer/src/state/events.ts), tested once for every event: a consumer is one
 * `events.on(name, ...)`, hearing what the bridge told, typed from the contract.
 */
const EMPTY = ['dayChanged', 'dueOpened', 'paymentRequestOpened'] as const;

describe('the event bus', () => {
  it.each(EMPTY)('hands %s from the bridge to its listeners, in order, until they unsubscribe', (name) => {
    const stub = bridgeStub();
    const events = walletEvents(stub.api);
    const heard: string[] = [];
    const payload = {};
    const first = events.on(name, (told) => heard.push(`first ${JSON.stringify(told)}`));
    events.on(name, () => heard.push('second'));
    // Nothing is heard before the bus is connected.
    stub.emit(name, payload);
    expect(heard).toEqual([]);
    const stop = events.connect();
    stub.emit(name, payload);
    expect(heard).toEqual([`first ${JSON.stringify(payload)}`, 'second']);
    first();
    stub.emit(name, payload);
    expect(heard).toHaveLength(3);
    expect(heard.at(-1)).toBe('second');
    stop();
    stub.emit(name, payload);
    expect(heard).toHaveLength(3);
  });

  it('hears every event of the contract on the bridge while connected, and none after', () => {
    const stub = bridgeStub();
    const subscribed = new Set<string>();
    let stopped = 0;
    const api = new Proxy(
      { ...stub.api },
      {
        get(target, key: string) {
          if (!key.startsWith('on')) return target[key as keyof typeof target];
          return () => {
            subscribed.add(key);
            return () => void stopped++;
          };
        },
      },
    );
    const stop = walletEvents(api).connect();
    expect([...subscribed].sort()).toEqual(EVENT_CHANNEL_NAMES.map(eventMethodName).sort());
    stop();
    expect(stopped).toBe(EVENT_CHANNEL_NAMES.length);
  });

  it('tells a listener only the event it subscribed to', () => {
    const stub = bridgeStub();
    const events = walletEvents(stub.api);
    const days: unknown[] = [];
    events.on('dayChanged', (told) => days.push(told));
    const stop = events.connect();
    stub.emit('dueOpened', {});
    stub.emit('dayChanged', {});
    expect(days).toEqual([{}]);
    stop();
  });
});
