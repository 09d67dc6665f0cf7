import { z } from 'zod';
import type { Result } from './result.ts';

/**
 * The one contract between the renderer and the main process. The preload, the IPC handlers and the
 * browser harness are all checked against the types derived here, so they cannot drift apart.
 */

export const AppInfoSchema = z.object({
  name: z.string().min(1),
  version: z.string().min(1),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

const NoRequest = z.undefined();

/** Invoke channels: renderer asks, main answers. The request schema is enforced in main. */
export const invokeChannels = {
  appInfo: { request: NoRequest, response: AppInfoSchema },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Events: main tells, renderer listens. */
export const eventChannels = {} as const satisfies Record<string, z.ZodType>;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type RequestOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['response']>;
export type EventPayload<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;

export const invokeChannelNames = Object.keys(invokeChannels) as InvokeChannel[];
export const eventChannelNames = Object.keys(eventChannels) as EventChannel[];

type InvokeMethod<C extends InvokeChannel> = [RequestOf<C>] extends [undefined]
  ? () => Promise<Result<ResponseOf<C>>>
  : (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;

export type EventMethodName<E extends EventChannel> = `on${Capitalize<E>}`;

/** The type of `window.wallet`. */
export type WalletApi = { [C in InvokeChannel]: InvokeMethod<C> } & {
  [E in EventChannel as EventMethodName<E>]: (listener: (payload: EventPayload<E>) => void) => () => void;
};

export const eventMethodName = <E extends EventChannel>(name: E): EventMethodName<E> => {
  const text: string = name;
  return `on${text.charAt(0).toUpperCase()}${text.slice(1)}` as EventMethodName<E>;
};

/** Every key `window.wallet` must have: one per invoke channel and one `onX` per event. */
export const walletApiKeys: readonly string[] = [...invokeChannelNames, ...eventChannelNames.map(eventMethodName)];
