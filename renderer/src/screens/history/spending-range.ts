import type { SpendingRange, SpendingSummary } from '../../../../common/spending.ts';
import { DAY_MS } from '../../../../common/time.ts';

/**
 * What SpendingRangeSchema (common/spending.ts) accepts, here without zod (which stays out of the renderer): whole
 * instants from the epoch, midnight 1 January 1970 GMT, to JavaScript's last date (year 275760, out of reach of a
 * four-digit year), and a `to` not before `from`. test/renderer/spending.test.tsx holds these to the schema's own.
 */
export const RANGE_EARLIEST = 0;
export const RANGE_LATEST = 8.64e15;

/** The chosen days as typed: YYYY-MM-DD once each is a day, or the text itself while it is none (see DateField). */
export interface RangeForm {
  from: string;
  to: string;
}

export const emptyRange = (): RangeForm => ({ from: '', to: '' });

/**
 * What the chosen days ask of main:
 * - `none`: no day typed (or not yet a day): by payee over the whole history;
 * - `half`: one day typed as a day, the other left empty;
 * - `order`: the last day is before the first, which main is never asked;
 * - `outside`: a day SpendingRangeSchema refuses (before 1 January 1970 GMT), which main is never asked either;
 * - `range`: the range to ask for, from the first day's GMT midnight to the end of the last day.
 */
export type RangeAsk = { kind: 'none' | 'half' | 'order' | 'outside' } | { kind: 'range'; range: SpendingRange };

/** The GMT midnight a day (YYYY-MM-DD) begins at, or undefined for anything but a real day. */
export function gmtDayStart(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const start = Date.UTC(year, month - 1, date);
  const check = new Date(start);
  // Date.UTC reads years 0 to 99 as 1900 to 1999, and rolls 31 February over into March: neither is the day typed.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return undefined;
  }
  return start;
}

/**
 * The chosen days as main's range (both days included; the days are GMT ones, as today's, this week's and the months'
 * are), or why there is none. Held to SpendingRangeSchema's limits, so that nothing main would refuse is sent.
 */
export function rangeAsk(form: RangeForm): RangeAsk {
  const from = gmtDayStart(form.from);
  const last = gmtDayStart(form.to);
  if (from === undefined || last === undefined) {
    const oneEmpty = form.from.trim() === '' || form.to.trim() === '';
    return { kind: oneEmpty && (from !== undefined || last !== undefined) ? 'half' : 'none' };
  }
  if (last < from) return { kind: 'order' };
  const to = last + DAY_MS;
  const within = (instant: number) => instant >= RANGE_EARLIEST && instant <= RANGE_LATEST;
  return within(from) && within(to) ? { kind: 'range', range: { from, to } } : { kind: 'outside' };
}

/**
 * The earliest day main accepts a range from (1 January 1970 GMT) as a moment in the middle of that day on the
 * customer's clock: formatDate shows the customer's calendar, and this keeps the GMT day whatever their time zone.
 */
export function earliestDay(): number {
  const earliest = new Date(RANGE_EARLIEST);
  return new Date(earliest.getUTCFullYear(), earliest.getUTCMonth(), earliest.getUTCDate(), 12).getTime();
}

/** Whether a summary answers for this range (or for none, with none). */
export function answersFor(summary: SpendingSummary, range: SpendingRange | undefined): boolean {
  if (!range) return summary.range === undefined;
  return summary.range?.from === range.from && summary.range.to === range.to;
}
