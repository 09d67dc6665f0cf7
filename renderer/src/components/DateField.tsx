import { useEffect, useState } from 'react';
import type { AppLocale } from '../../../common/locale.ts';
import { useT } from '../i18n/index.ts';

/**
 * A calendar day typed in the app's own format, the same in both languages: day, month and year with dots
 * (23.11.2026), as Icelandic writes it; a browser's date input would show its own locale's mm/dd/yyyy instead.
 * Slashes, dashes and an ISO date are read too. The form keeps YYYY-MM-DD.
 */
export function parseDay(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const local = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : local
      ? [local[3], local[2], local[1]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined) return undefined;
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** YYYY-MM-DD as the app shows a day: 23.11.2026. */
export function showDay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

export const DAY_PLACEHOLDER: Record<AppLocale, string> = { en: 'dd.mm.yyyy', is: 'dd.mm.áááá' };

/** Typed as a whole day (a year of four digits at the end or the start): if it is no day, it is an impossible one. */
const COMPLETE = /^(\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{4}-\d{1,2}-\d{1,2})$/;

/**
 * The date field and, under it, why what is typed filters nothing. Its value is the day as YYYY-MM-DD, or what is typed
 * while it is no day (31.02.2026, or 5.11 halfway through typing): the form then holds something Clear filters can
 * clear, and the filter leaves that end of the range open rather than keep the last good day out of sight.
 */
export function DateField({
  id,
  value,
  locale,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  /** YYYY-MM-DD, what is typed while it is no day, or empty. */
  value: string;
  locale: AppLocale;
  /** Marked invalid from outside (a range that ends before it starts). */
  invalid?: boolean;
  describedBy?: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const [text, setText] = useState(() => showDay(value) || value);
  // Said after the customer leaves the field, not at the first digit; at once for a whole date that is no day.
  const [left, setLeft] = useState(false);
  // A change from outside (Clear filters) shows; what is being typed stays as typed.
  useEffect(() => {
    setText((typed) => (formValue(typed) === value ? typed : showDay(value) || value));
  }, [value]);
  const trimmed = text.trim();
  const unreadable = trimmed !== '' && parseDay(trimmed) === undefined;
  const error = !unreadable
    ? undefined
    : COMPLETE.test(trimmed)
      ? t('history.dateNotADay', { date: trimmed })
      : left
        ? t('history.dateUnreadable')
        : undefined;
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={DAY_PLACEHOLDER[locale]}
        value={text}
        aria-invalid={unreadable || invalid || undefined}
        aria-describedby={[describedBy, error && errorId].filter(Boolean).join(' ') || undefined}
        onBlur={() => setLeft(true)}
        onChange={(event) => {
          setText(event.target.value);
          onChange(formValue(event.target.value));
        }}
      />
      {error && (
        <p id={errorId} className="history-error">
          {error}
        </p>
      )}
    </>
  );
}

/** What the form holds for a typed text: the day, or the text itself while it is none (see DateField). */
const formValue = (typed: string): string => parseDay(typed) ?? typed.trim();
