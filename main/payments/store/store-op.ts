import { z } from 'zod';
import type { HistoryCache } from './history-cache.ts';
import type { PaymentDatabase } from './payment-database.ts';
import { StoreMarkSchema, type PayeeOf } from './store-contract.ts';

/**
 * One row of the store's table (store-ops.ts): what it sends (parsed by the worker), what comes back (parsed by
 * main), what the worker does with it against an open store (`run`), how main's callers pass it (`call`) and what
 * they get (`result`); and the small schemas several rows share.
 */
export interface OpenStore {
  db: PaymentDatabase;
  cache: HistoryCache;
  /**
   * Sends begun (`beginSend`) whose answer is not written yet, by payment: the version of their "sending". The
   * number after it is kept for the answer (issue 40), which main writes behind the send (PaymentWrites.answered).
   */
  reserved: Map<string, number>;
}

export interface Op<Req extends z.ZodObject, Ans extends z.ZodType, Call extends unknown[], Result, Read = boolean> {
  request: Req;
  answer: Ans;
  read: Read;
  run(store: OpenStore, args: z.infer<Req>): z.infer<Ans> | Promise<z.infer<Ans>>;
  call(...args: Call): z.infer<Req>;
  result(answer: z.infer<Ans>): Result;
}

export const op = <
  Req extends z.ZodObject,
  Ans extends z.ZodType,
  Call extends unknown[],
  Result = z.infer<Ans>,
  Read extends boolean = false,
>(
  spec: Omit<Op<Req, Ans, Call, Result>, 'result' | 'read'> & {
    read?: Read;
    result?: (answer: z.infer<Ans>) => Result;
  },
): Op<Req, Ans, Call, Result, Read> => ({
  ...spec,
  read: (spec.read ?? false) as Read,
  result: spec.result ?? ((answer) => answer as Result),
});

export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const Kennitala = z.string().regex(/^\d{10}$/);
export const Id = z.string().min(1).max(100);
export const Range = z.object({ offset: z.number().int().nonnegative(), limit: z.number().int().min(1).max(100_000) });
export const Payee = z.object({
  debtorKennitala: z.string(),
  depositKennitala: z.string(),
  depositAccount: z.string(),
});
export const Marked = z.object({ mark: StoreMarkSchema });
export const Saved = z.object({ version: z.number().int().positive(), mark: StoreMarkSchema.optional() });
export const Used = z.object({ held: z.number(), uncertain: z.number(), spent: z.number() });
export const Limit = z.object({ day: Day, kennitala: Kennitala });
export const payee = (order: PayeeOf): PayeeOf => Payee.parse(order);
