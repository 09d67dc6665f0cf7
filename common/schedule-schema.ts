import { z } from 'zod';
import { isDate, MAX_MONTHLY_TIMES, MAX_WEEKLY_TIMES, type Schedule } from './schedule.ts';

/**
 * A schedule as stored or sent (common/schedule.ts has its rules), apart from the rules so the renderer may use
 * those (it may import only types from a module that holds a schema).
 */
const DateSchema = z.string().refine(isDate, 'a calendar date, YYYY-MM-DD');
const WeekdaySchema = z.literal([1, 2, 3, 4, 5, 6, 7]);

const bothLimits = (schedule: { until?: string; times?: number }): boolean =>
  schedule.until !== undefined && schedule.times !== undefined;
const oneLimit = { message: 'until or times, not both', path: ['times'] };

/** The schedule's shape; `strict` refuses unknown keys (what the window sends), else they are dropped (answers). */
const scheduleSchema = (strict: boolean) => {
  const object = strict ? z.strictObject : z.object;
  return z.discriminatedUnion('kind', [
    object({ kind: z.literal('once'), date: DateSchema }),
    object({
      kind: z.literal('weekly'),
      weekday: WeekdaySchema,
      start: DateSchema,
      until: DateSchema.optional(),
      times: z.number().int().min(1).max(MAX_WEEKLY_TIMES).optional(),
    }).refine((schedule) => !bothLimits(schedule), oneLimit),
    object({
      kind: z.literal('monthly'),
      day: z.number().int().min(1).max(31),
      start: DateSchema,
      until: DateSchema.optional(),
      times: z.number().int().min(1).max(MAX_MONTHLY_TIMES).optional(),
    }).refine((schedule) => !bothLimits(schedule), oneLimit),
  ]) satisfies z.ZodType<Schedule, unknown>;
};

/** A schedule as the window sends it: unknown keys refused. */
export const ScheduleSchema = scheduleSchema(true);
/** A schedule as stored or answered: unknown keys dropped, so nothing a store holds beside it can leave. */
export const StoredScheduleSchema = scheduleSchema(false);
