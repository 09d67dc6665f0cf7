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

export const ScheduleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('once'), date: DateSchema }),
  z
    .strictObject({
      kind: z.literal('weekly'),
      weekday: WeekdaySchema,
      start: DateSchema,
      until: DateSchema.optional(),
      times: z.number().int().min(1).max(MAX_WEEKLY_TIMES).optional(),
    })
    .refine((schedule) => !bothLimits(schedule), oneLimit),
  z
    .strictObject({
      kind: z.literal('monthly'),
      day: z.number().int().min(1).max(31),
      start: DateSchema,
      until: DateSchema.optional(),
      times: z.number().int().min(1).max(MAX_MONTHLY_TIMES).optional(),
    })
    .refine((schedule) => !bothLimits(schedule), oneLimit),
]) satisfies z.ZodType<Schedule, unknown>;
