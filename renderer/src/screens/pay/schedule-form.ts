import {
  addDays,
  checkSchedule,
  isDate,
  MAX_MONTHLY_TIMES,
  MAX_WEEKLY_TIMES,
  nextDates,
  occurrences,
  weekdayOf,
  type IsoDate,
  type Schedule,
  type ScheduleError,
  type Weekday,
} from '../../../../common/schedule.ts';
import type { DueRemind } from '../../../../common/due-rules.ts';

/**
 * The schedule editor's fields as the customer fills them (common/schedule.ts has the rules): dates as the date field
 * holds them (YYYY-MM-DD, or what is typed while it is no date), numbers as text. `toSchedule` makes the schedule
 * main is sent, or says which fields hold no date or number: those the bridge's schema would refuse outright, so
 * they are said here and nothing is sent.
 */
export interface ScheduleForm {
  kind: Schedule['kind'];
  date: string;
  weekday: Weekday;
  day: number;
  start: string;
  end: 'never' | 'until' | 'times';
  until: string;
  times: string;
  /** A reminder this many days before each date (issue 42, item 12); 0: none, as a new one starts. */
  remind: 0 | DueRemind;
}

export type ScheduleField = 'date' | 'start' | 'until' | 'times' | 'weekday' | 'day';
/** A check's word for a field: common/schedule.ts's, or `required` for a date left empty. */
export type ScheduleFieldError = ScheduleError | 'required';

/** A new schedule, on `today` (main's day): once tomorrow; a repeat from today, on today's weekday or day. */
export function newScheduleForm(today: IsoDate): ScheduleForm {
  const tomorrow = addDays(today, 1);
  return {
    kind: 'once',
    date: tomorrow,
    weekday: weekdayOf(today),
    day: Number(today.slice(8, 10)),
    start: today,
    end: 'never',
    until: '',
    times: '',
    remind: 0,
  };
}

/**
 * The form of a saved schedule, changed on `today`: a change is checked as a new schedule from today on, so a repeat
 * that began earlier starts today, and what is left of its `times` is carried over (those before today are past).
 */
export function scheduleFormOf(schedule: Schedule, today: IsoDate, remind?: DueRemind): ScheduleForm {
  const form: ScheduleForm = { ...newScheduleForm(today), remind: remind ?? 0 };
  if (schedule.kind === 'once') return { ...form, kind: 'once', date: schedule.date };
  const start = schedule.start < today ? today : schedule.start;
  const past = schedule.start < start ? occurrences(schedule, schedule.start, addDays(start, -1)).length : 0;
  return {
    ...form,
    kind: schedule.kind,
    ...(schedule.kind === 'weekly' ? { weekday: schedule.weekday } : { day: schedule.day }),
    start,
    end: schedule.until !== undefined ? 'until' : schedule.times !== undefined ? 'times' : 'never',
    until: schedule.until ?? '',
    times: schedule.times === undefined ? '' : String(Math.max(1, schedule.times - past)),
  };
}

export type Built =
  | { schedule: Schedule; errors?: undefined }
  | { schedule?: undefined; errors: Partial<Record<ScheduleField, ScheduleFieldError>> };

/** The schedule the form describes, or the fields that hold no date or count (nothing is sent then). */
export function toSchedule(form: ScheduleForm): Built {
  const errors: Partial<Record<ScheduleField, ScheduleFieldError>> = {};
  const dateIn = (field: ScheduleField, value: string) => {
    if (value === '') errors[field] = 'required';
    else if (!isDate(value)) errors[field] = 'invalid_date';
  };
  if (form.kind === 'once') {
    dateIn('date', form.date);
    return Object.keys(errors).length > 0 ? { errors } : { schedule: { kind: 'once', date: form.date } };
  }
  dateIn('start', form.start);
  const limit: { until?: string; times?: number } = {};
  if (form.end === 'until') {
    dateIn('until', form.until);
    limit.until = form.until;
  } else if (form.end === 'times') {
    const max = form.kind === 'weekly' ? MAX_WEEKLY_TIMES : MAX_MONTHLY_TIMES;
    const times = /^\d{1,4}$/.test(form.times.trim()) ? Number(form.times.trim()) : NaN;
    if (!(times >= 1 && times <= max)) errors.times = 'out_of_range';
    limit.times = times;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    schedule:
      form.kind === 'weekly'
        ? { kind: 'weekly', weekday: form.weekday, start: form.start, ...limit }
        : { kind: 'monthly', day: form.day, start: form.start, ...limit },
  };
}

/** The next (at most) three dates the form's schedule comes due from `today` on, after `handled`; none while wrong. */
export function previewDates(form: ScheduleForm, today: IsoDate, handled?: IsoDate): IsoDate[] {
  const built = toSchedule(form);
  if (!built.schedule || !checkSchedule(built.schedule, today).ok) return [];
  const after = handled !== undefined && handled >= today ? handled : addDays(today, -1);
  return nextDates(built.schedule, after, 3);
}
