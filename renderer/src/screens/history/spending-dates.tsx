import { useId } from 'react';
import type { AppLocale } from '../../../../common/locale.ts';
import { useT } from '../../i18n/index.ts';
import { formatDate } from '../../i18n/format.ts';
import { DateField } from '../../components/DateField.tsx';
import { earliestDay, type RangeAsk, type RangeForm } from './spending-range.ts';

/**
 * The first and the last day to add up (both included; GMT days), typed as the history filter's dates are. What is
 * wrong with them is said under them, in a live region, and marks the field it is about: a last day before the first
 * (on the last day) and a first day before SpendingRangeSchema's earliest (on the first day).
 */
export function SpendingDates({
  form,
  ask,
  locale,
  onChange,
}: {
  form: RangeForm;
  ask: RangeAsk;
  locale: AppLocale;
  onChange: (patch: Partial<RangeForm>) => void;
}) {
  const t = useT();
  const id = useId();
  const problemId = `${id}-problem`;
  const formatId = `${id}-format`;
  const problem =
    ask.kind === 'order'
      ? t('spending.range.order')
      : ask.kind === 'outside'
        ? t('spending.range.outside', { date: formatDate(earliestDay(), locale) })
        : undefined;
  const describe = (wrong: boolean) => (wrong ? `${formatId} ${problemId}` : formatId);
  return (
    <div className="spending-dates" role="group" aria-labelledby={`${id}-title`} data-testid="spending-dates">
      <h3 id={`${id}-title`} className="spending-subtitle">
        {t('spending.range.title')}
      </h3>
      <div className="history-field-row">
        <div className="history-control">
          <label htmlFor={`${id}-from`}>{t('spending.range.from')}</label>
          <DateField
            id={`${id}-from`}
            value={form.from}
            locale={locale}
            invalid={ask.kind === 'outside'}
            describedBy={describe(ask.kind === 'outside')}
            onChange={(from) => onChange({ from })}
          />
        </div>
        <div className="history-control">
          <label htmlFor={`${id}-to`}>{t('spending.range.to')}</label>
          <DateField
            id={`${id}-to`}
            value={form.to}
            locale={locale}
            invalid={ask.kind === 'order'}
            describedBy={describe(ask.kind === 'order')}
            onChange={(to) => onChange({ to })}
          />
        </div>
      </div>
      <small id={formatId}>{t('history.dateFormat')}</small>
      <div aria-live="polite">
        {problem ? (
          <p id={problemId} className="history-error" data-testid="spending-range-error">
            {problem}
          </p>
        ) : ask.kind === 'half' ? (
          <p className="spending-state" data-testid="spending-range-half">
            {t('spending.range.half')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
