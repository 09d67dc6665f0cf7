import {
  eventChannels,
  invokeChannels,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type RequestOf,
  type ResponseOf,
  type WalletApi,
} from '../../common/bridge-contract.ts';
import { fail, ok, type Result } from '../../common/result.ts';
import { bridgeNames, buildWalletApi } from './wallet-api.ts';

/**
 * A stand-in for `window.wallet` for component tests of the window's own logic (where the focus goes, a press that
 * waits for an answer, what a field lets in): the test says what each channel answers, nothing more. It is typed from
 * the contract (common/bridge-contract.ts) and parses every request and answer with the contract's schemas, so it
 * cannot drift from it. It is no second main: what crosses to main (the rules, the limit, the send) is tested over the
 * real core (in-process-wallet.ts).
 */
export type StubAnswer<C extends InvokeChannel> = (request: RequestOf<C>) => ResponseOf<C> | Promise<ResponseOf<C>>;
export type StubAnswers = { [C in InvokeChannel]?: StubAnswer<C> };

/** Thrown by an answer: main refused the call with this code. */
export class Refusal extends Error {
  readonly code: string;
  constructor(code: string) {
    super(`refused: ${code}`);
    this.code = code;
  }
}

export interface BridgeStub {
  api: WalletApi;
  /** Every call, in order, with its request as sent. */
  calls: { channel: InvokeChannel; request: unknown }[];
  requests<C extends InvokeChannel>(channel: C): RequestOf<C>[];
  /** Answers a channel from now on (or otherwise). */
  answer<C extends InvokeChannel>(channel: C, answer: StubAnswer<C>): void;
  /** An event from main, parsed as the contract says. */
  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void;
}

/** A channel the test gave no answer for is refused, so that nothing a test did not say is taken as main's word. */
export const NOT_STUBBED = 'NOT_STUBBED';

export function bridgeStub(answers: StubAnswers = {}): BridgeStub {
  const table: Partial<Record<InvokeChannel, (request: never) => unknown>> = { ...answers };
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: BridgeStub['calls'] = [];

  const call = async (channel: string, request: unknown): Promise<Result<unknown>> => {
    const name = channel as InvokeChannel;
    calls.push({ channel: name, request: structuredClone(request) });
    const schemas = invokeChannels[name];
    // The request as main's dispatch would parse it: a window sending what the contract refuses fails the test.
    const parsed = schemas.request.parse(request) as never;
    const answer = table[name];
    if (!answer) return fail(NOT_STUBBED, `${name} has no answer in this test`);
    try {
      return ok(structuredClone(schemas.response.parse(await answer(parsed))));
    } catch (error) {
      if (error instanceof Refusal) return fail(error.code, error.message);
      throw error;
    }
  };
  const subscribe = (channel: string, listener: (payload: unknown) => void) => {
    const set = listeners.get(channel) ?? new Set();
    listeners.set(channel, set);
    set.add(listener);
    return () => void set.delete(listener);
  };

  return {
    api: buildWalletApi(bridgeNames, call, subscribe),
    calls,
    requests: (channel) =>
      calls.filter((entry) => entry.channel === channel).map((entry) => entry.request as RequestOf<typeof channel>),
    answer(channel, answer) {
      table[channel] = answer as (request: never) => unknown;
    },
    emit(channel, payload) {
      const parsed = eventChannels[channel].parse(payload);
      for (const listener of listeners.get(channel) ?? []) listener(structuredClone(parsed));
    },
  };
}

/** A promise and its resolve, for an answer the test lets go when it says. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
