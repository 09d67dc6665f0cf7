import type { SpendingRange, SpendingSummary as Summary } from '../../../../common/spending.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { useT } from '../../i18n/index.ts';
import { MONTHS_SHORT } from '../../i18n/format.ts';
import { SpendingDates } from './spending-dates.tsx';
import { SpendingPayees } from './spending-payees.tsx';
import { answersFor, type RangeAsk, type RangeForm } from './spending-range.ts';
import { AmountCells, AmountsHead, SpendingPeriod } from './spending-totals.tsx';
import { counted } from './spending-counted.ts';

/** "nóv. 2026" / "Nov 2026" (or just the month) from "2026-11". */
function monthName(month: string, locale: AppLocale, withYear: boolean): string {
  const [year = '', number = '1'] = month.split('-');
  const name = MONTHS_SHORT[locale][Number(number) - 1] ?? month;
  return withYear ? `${name} ${year}` : name;
}

/** The summary opened: the totals, the months' chart and table, the chosen days, by payee (SpendingSummary.tsx). */
export function SpendingBody({
  summary,
  locale,
  form,
  ask,
  failed,
  onForm,
}: {
  summary: Summary;
  locale: AppLocale;
  form: RangeForm;
  ask: RangeAsk;
  /** The request for the days now chosen (or for none) failed. */
  failed: boolean;
  onForm: (patch: Partial<RangeForm>) => void;
}) {
  const t = useT();
  const periods = [
    { key: 'today', label: t('spending.today'), totals: summary.today },
    { key: 'week', label: t('spending.week'), totals: summary.week },
    { key: 'month', label: t('spending.month'), totals: summary.month },
  ] as const;
  const highest = Math.max(1, ...summary.months.map(counted));
  const percent = (value: number) => `${String((value / highest) * 100)}%`;
  const range: SpendingRange | undefined = ask.kind === 'range' ? ask.range : undefined;
  // The summary shown is for other days than those now chosen while main is asked: kept, and marked busy.
  const current = answersFor(summary, range);

  return (
    <div className="spending-body">
      <dl className="spending-totals">
        {periods.map(({ key, label, totals }) => (
          <SpendingPeriod key={key} testId={`spending-${key}`} label={label} totals={totals} locale={locale} />
        ))}
      </dl>
      <h3 className="spending-months-title">{t('spending.months')}</h3>
      <div className="spending-chart" aria-hidden="true" data-testid="spending-chart">
        {summary.months.map((month) => (
          <div key={month.month} className="spending-bar">
            <div className="spending-bar-track">
              {month.uncertain + month.declared > 0 && (
                <div className="spending-bar-other" style={{ height: percent(month.uncertain + month.declared) }} />
              )}
              <div className="spending-bar-spent" style={{ height: percent(month.spent) }} />
            </div>
            <span className="spending-bar-label">{monthName(month.month, locale, false)}</span>
          </div>
        ))}
      </div>
      <p className="spending-legend" aria-hidden="true">
        <span className="spending-key spending-key-spent" /> {t('spending.spent')}
        <span className="spending-key spending-key-other" /> {t('spending.uncertain')} / {t('spending.declared')}
      </p>
      <details className="spending-table-toggle">
        <summary>{t('spending.showTable')}</summary>
        <table className="spending-table" data-testid="spending-table">
          <caption>{t('spending.caption')}</caption>
          <AmountsHead first={t('spending.col.month')} />
          <tbody>
            {[...summary.months].reverse().map((month) => (
              <tr key={month.month} data-testid="spending-row">
                <th scope="row">{monthName(month.month, locale, true)}</th>
                <AmountCells sums={month} locale={locale} />
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <SpendingDates form={form} ask={ask} locale={locale} onChange={onForm} />
      <div aria-live="polite" aria-busy={!current && !failed} className="spending-range-answer">
        {failed ? (
          <p className="history-error" data-testid="spending-range-failed">
            {t(range ? 'spending.range.failed' : 'spending.loadFailed')}
          </p>
        ) : range && summary.range && current ? (
          <dl className="spending-totals">
            <SpendingPeriod
              testId="spending-range"
              label={t('spending.range.total')}
              totals={summary.range}
              locale={locale}
            />
          </dl>
        ) : null}
      </div>
      <h3 className="spending-subtitle">{t('spending.byPayee')}</h3>
      {!failed && (
        <div className="spending-payees-wrap" aria-busy={!current}>
          <SpendingPayees summary={summary} locale={locale} />
        </div>
      )}
      <p className="spending-note">{t('spending.gmt')}</p>
    </div>
  );
}
