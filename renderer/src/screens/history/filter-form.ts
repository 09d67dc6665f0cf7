import type { HistoryFilter } from '../../../../common/payment.ts';
import { PAYMENT_STATES, type PaymentState } from '../../../../common/payment-rules.ts';

/** The states a customer can filter on, in the order a payment passes through them: `draft` never reaches history. */
export const FILTER_STATES: readonly PaymentState[] = PAYMENT_STATES.filter((state) => state !== 'draft');

/**
 * What the filter form holds: dates as YYYY-MM-DD, or as typed while they are no day (which then filter nothing, and
 * the field says why), texts as typed.
 */
export interface FilterForm {
  from: string;
  to: string;
  states: readonly PaymentState[];
  payee: string;
  text: string;
}

export const emptyForm = (): FilterForm => ({ from: '', to: '', states: [], payee: '', text: '' });

/**
 * Midnight at the start of a calendar day on the customer's clock, or undefined for anything but a real day as
 * YYYY-MM-DD: the form holds what is typed while it is no day, and 2026-02-31 must not quietly become 3 March.
 */
export function startOfLocalDay(date: string, addDays = 0): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const start = new Date(year, month - 1, day);
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day) return undefined;
  return new Date(year, month - 1, day + addDays).getTime();
}

/** The form as the main process's filter: `to` is exclusive, so the chosen last day is included up to its end. */
export function toFilter(form: FilterForm): HistoryFilter {
  const filter: HistoryFilter = {};
  const from = startOfLocalDay(form.from);
  const to = startOfLocalDay(form.to, 1);
  if (from !== undefined) filter.from = from;
  if (to !== undefined) filter.to = to;
  if (form.states.length > 0) filter.states = FILTER_STATES.filter((state) => form.states.includes(state));
  const payee = form.payee.trim();
  if (payee) filter.payee = payee;
  const text = form.text.trim();
  if (text) filter.text = text;
  return filter;
}

export const isFiltered = (filter: HistoryFilter): boolean => Object.keys(filter).length > 0;

/** The end day is before the start day: nothing can match. */
export function rangeInvalid(form: FilterForm): boolean {
  const from = startOfLocalDay(form.from);
  const to = startOfLocalDay(form.to, 1);
  return from !== undefined && to !== undefined && to <= from;
}
