import { z } from 'zod';
import { StoreIntegritySchema, StoreMarkSchema } from './store-contract.ts';
import type { StoreOpName } from './store-ops.ts';

/**
 * What crosses between the main process and the payment store's worker: every request is parsed by the worker,
 * every answer by main, as any message from another process is (a worker is another thread, and a bug or a
 * damaged build there must not reach the send path unchecked).
 */
const Handle = z.number().int().nonnegative();

export const OpenOptionsSchema = z.object({
  location: z.string().min(1).max(4096),
  key: z.custom<Uint8Array>((key) => key instanceof Uint8Array && key.length === 32, 'a store key has 32 bytes'),
  binding: z.string().min(1).max(200),
  owner: z.string().max(10),
  profileId: z.string().min(1).max(100),
  mark: StoreMarkSchema.optional(),
  storeId: z.string().min(1).max(64).optional(),
  /**
   * The journal of an earlier release to import when the store does not exist yet, with the data key its lines are
   * sealed under (the one time the worker holds the data key) and its binding.
   */
  importFrom: z
    .object({
      path: z.string().min(1).max(4096),
      dataKey: z.custom<Uint8Array>((key) => key instanceof Uint8Array && key.length === 32),
      binding: z.string().min(1).max(200),
    })
    .optional(),
});

const Opened = z.object({ mark: StoreMarkSchema, integrity: StoreIntegritySchema });

/**
 * A store's life, answered by the endpoint itself (the questions to an open store are in store-ops.ts): opened
 * (or created), moved from memory to a file, closed.
 */
export const LIFECYCLE = {
  open: { request: z.object({ options: OpenOptionsSchema }), answer: Opened },
  moveTo: { request: z.object({ options: OpenOptionsSchema }), answer: Opened },
  close: { request: z.object({}), answer: z.null() },
};
export type LifecycleOp = keyof typeof LIFECYCLE;
export const lifecycleOp = (name: string) =>
  Object.hasOwn(LIFECYCLE, name) ? LIFECYCLE[name as LifecycleOp] : undefined;

/** Every request: its operation, the store it is for (the handle main gave it), and its own fields beside. */
export const StoreRequestSchema = z.looseObject({ op: z.string().min(1).max(40), handle: Handle });
export type StoreRequest = { op: StoreOpName | LifecycleOp; handle: number } & Record<string, unknown>;

/** A message to the worker, and its answer: the request's number comes back with it. */
export const StoreMessageSchema = z.object({ id: z.number().int().nonnegative(), request: z.unknown() });
export const StoreReplySchema = z.union([
  z.object({ id: z.number().int().nonnegative(), ok: z.literal(true), value: z.unknown() }),
  z.object({
    id: z.number().int().nonnegative(),
    ok: z.literal(false),
    error: z.object({ name: z.string().max(100), code: z.string().max(100), message: z.string().max(2000) }),
  }),
]);
export type StoreReply = z.infer<typeof StoreReplySchema>;
