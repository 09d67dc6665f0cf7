import { useEffect, useState } from 'react';
import type { SpendingRange, SpendingSummary as Summary, SpendingTotals } from '../../../../common/spending.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { useT } from '../../i18n/index.ts';
import { MONTHS_SHORT } from '../../i18n/format.ts';
import { unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../lib/wallet-context.tsx';
import { SpendingDates } from './spending-dates.tsx';
import { SpendingPayees } from './spending-payees.tsx';
import { answersFor, emptyRange, rangeAsk, type RangeAsk, type RangeForm } from './spending-range.ts';
import { AmountCells, AmountsHead, SpendingPeriod } from './spending-totals.tsx';
import './spending.css';

/**
 * What was spent (issue 29), at the top of the History screen, folded away until opened: today, this week and this
 * month, the last 12 months as bars (for the eye; hidden from screen readers) and as a table, the days the customer
 * chooses, and by payee (over those days, else over the whole history held). Asked of main again whenever a payment
 * changes, another customer signs in or the chosen days become another range; days that make no range main accepts
 * are never sent (the summary is then asked for without one).
 */
export function SpendingSummary() {
  const wallet = useWallet();
  const t = useT();
  const locale = useApp((state) => state.locale);
  const change = useApp((state) => state.paymentChange);
  /** Main's day moved on: today, this week and this month are other days now. */
  const mainDay = useApp((state) => state.mainDay);
  const owner = useApp((state) => `${state.session?.profileId ?? ''}|${state.session?.maskedKennitala ?? ''}`);
  const [form, setForm] = useState<RangeForm>(emptyRange);
  const ask = rangeAsk(form);
  const from = ask.kind === 'range' ? ask.range.from : undefined;
  const to = ask.kind === 'range' ? ask.range.to : undefined;
  const [summary, setSummary] = useState<Summary | undefined>(undefined);
  /** The range (or none: '') the last failed request asked for. */
  const [failedFor, setFailedFor] = useState<string | undefined>(undefined);
  const key = rangeKey(from, to);

  useEffect(() => {
    let live = true;
    const range = from !== undefined && to !== undefined ? { from, to } : undefined;
    unwrap(wallet.spendingSummary(range ? { range } : {})).then(
      (answer) => {
        if (!live) return;
        setSummary(answer);
        setFailedFor(undefined);
      },
      () => {
        if (live) setFailedFor(rangeKey(from, to));
      },
    );
    return () => {
      live = false;
    };
  }, [wallet, change, owner, from, to, mainDay]);

  return (
    <details className="spending" data-testid="spending">
      <summary>{t('spending.title')}</summary>
      {failedFor !== undefined && !summary ? (
        <p className="spending-state" role="alert" data-testid="spending-error">
          {t('spending.loadFailed')}
        </p>
      ) : !summary ? null : nothingCounted(summary) ? (
        <p className="spending-state" data-testid="spending-none">
          {t('spending.none')}
        </p>
      ) : (
        <SpendingBody
          summary={summary}
          locale={locale}
          form={form}
          ask={ask}
          failed={failedFor === key}
          onForm={(patch) => setForm((current) => ({ ...current, ...patch }))}
        />
      )}
    </details>
  );
}

const rangeKey = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? '' : `${String(from)}-${String(to)}`;

const counted = (totals: SpendingTotals) => totals.spent + totals.uncertain + totals.declared;

/** Nothing in the whole history held counts (asked without a range: by payee is then over all of it). */
function nothingCounted(summary: Summary): boolean {
  return (
    !summary.range &&
    summary.byPayee.payees.length === 0 &&
    summary.byPayee.others.payees === 0 &&
    counted(summary.month) === 0 &&
    summary.months.every((month) => counted(month) === 0)
  );
}

/** "nóv. 2026" / "Nov 2026" (or just the month) from "2026-11". */
function monthName(month: string, locale: AppLocale, withYear: boolean): string {
  const [year = '', number = '1'] = month.split('-');
  const name = MONTHS_SHORT[locale][Number(number) - 1] ?? month;
  return withYear ? `${name} ${year}` : name;
}

function SpendingBody({
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
