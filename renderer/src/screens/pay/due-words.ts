import type { DueItem } from '../../../../common/due-payment.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { formatDueDate, ordinal, weekdayEvery } from '../../i18n/due-dates.ts';
import type { Translate } from '../../i18n/index.ts';

// A due payment's lines in words, as the Due list's rows show them (DueRow.tsx): pure, given the translator.

/** Overdue (since the oldest, with how many), waiting today, or the next date. */
export function stateLines(item: DueItem, t: Translate, when: (date: string, weekday?: boolean) => string): string[] {
  const lines: string[] = [];
  const oldest = item.overdue[0];
  if (oldest !== undefined) {
    lines.push(
      item.overdue.length > 1
        ? t('due.overdueCount', { when: when(oldest, false), count: item.overdue.length })
        : t('due.overdue', { when: when(oldest, false) }),
    );
  }
  if (item.dueToday) lines.push(t('due.dueToday'));
  if (lines.length === 0 && item.next) lines.push(t('due.next', { when: when(item.next) }));
  return lines;
}

/** The schedule in words: "Once, on Mon 7 Dec", "Every Friday, 12 times in all", "Every month on the 31st, until …". */
export function repeatWords(item: DueItem, t: Translate, locale: AppLocale, today: string): string {
  const { schedule } = item;
  if (schedule.kind === 'once') return t('due.once', { when: formatDueDate(schedule.date, locale, { today }) });
  const every =
    schedule.kind === 'weekly'
      ? t('due.weekly', { weekday: weekdayEvery(schedule.weekday, locale) })
      : t('due.monthly', { ordinal: ordinal(schedule.day, locale) });
  if (schedule.until !== undefined)
    return `${every}, ${t('due.until', { when: formatDueDate(schedule.until, locale, { weekday: false, today }) })}`;
  if (schedule.times !== undefined) return `${every}, ${t('due.times', { count: schedule.times })}`;
  return every;
}
