import { useEffect, useState } from 'react';
import type { SpendingSummary as Summary, SpendingTotals } from '../../../../common/spending.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount, MONTHS_SHORT } from '../../i18n/format.ts';
import { unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../lib/wallet-context.tsx';
import './spending.css';

/**
 * What was spent (issue 29), at the top of the History screen, folded away until opened: today, this week and this
 * month, then the last 12 months as bars (for the eye; hidden from screen readers) and as a table. Asked of main
 * again whenever a payment changes or another customer signs in.
 */
export function SpendingSummary() {
  const wallet = useWallet();
  const t = useT();
  const locale = useApp((state) => state.locale);
  const change = useApp((state) => state.paymentChange);
  const owner = useApp((state) => `${state.session?.profileId ?? ''}|${state.session?.maskedKennitala ?? ''}`);
  const [summary, setSummary] = useState<Summary | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    unwrap(wallet.spendingSummary({})).then(
      (answer) => {
        if (!live) return;
        setSummary(answer);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [wallet, change, owner]);

  return (
    <details className="spending" data-testid="spending">
      <summary>{t('spending.title')}</summary>
      {failed && !summary ? (
        <p className="spending-state" role="alert" data-testid="spending-error">
          {t('spending.loadFailed')}
        </p>
      ) : !summary ? null : nothingCounted(summary) ? (
        <p className="spending-state" data-testid="spending-none">
          {t('spending.none')}
        </p>
      ) : (
        <SpendingBody summary={summary} locale={locale} />
      )}
    </details>
  );
}

const counted = (totals: SpendingTotals) => totals.spent + totals.uncertain + totals.declared;

function nothingCounted(summary: Summary): boolean {
  return counted(summary.month) === 0 && summary.months.every((month) => counted(month) === 0);
}

/** "nóv. 2026" / "Nov 2026" (or just the month) from "2026-11". */
function monthName(month: string, locale: AppLocale, withYear: boolean): string {
  const [year = '', number = '1'] = month.split('-');
  const name = MONTHS_SHORT[locale][Number(number) - 1] ?? month;
  return withYear ? `${name} ${year}` : name;
}

function SpendingBody({ summary, locale }: { summary: Summary; locale: AppLocale }) {
  const t = useT();
  const amount = (value: number) => formatAmount(value, locale);
  const periods = [
    { key: 'today', label: t('spending.today'), totals: summary.today },
    { key: 'week', label: t('spending.week'), totals: summary.week },
    { key: 'month', label: t('spending.month'), totals: summary.month },
  ] as const;
  const highest = Math.max(1, ...summary.months.map(counted));
  const percent = (value: number) => `${String((value / highest) * 100)}%`;

  return (
    <div className="spending-body">
      <dl className="spending-totals">
        {periods.map(({ key, label, totals }) => (
          <div key={key} className="spending-period" data-testid={`spending-${key}`}>
            <dt>{label}</dt>
            <dd>
              <span className="spending-spent">
                {t('spending.spent')} <strong>{amount(totals.spent)}</strong>
              </span>
              {totals.uncertain > 0 && (
                <span className="spending-other" data-testid={`spending-${key}-uncertain`}>
                  {t('spending.uncertain')} {amount(totals.uncertain)}
                </span>
              )}
              {totals.declared > 0 && (
                <span className="spending-other" data-testid={`spending-${key}-declared`}>
                  {t('spending.declared')} {amount(totals.declared)}
                </span>
              )}
            </dd>
          </div>
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
          <thead>
            <tr>
              <th scope="col">{t('spending.col.month')}</th>
              <th scope="col">{t('spending.spent')}</th>
              <th scope="col">{t('spending.uncertain')}</th>
              <th scope="col">{t('spending.col.declared')}</th>
            </tr>
          </thead>
          <tbody>
            {[...summary.months].reverse().map((month) => (
              <tr key={month.month} data-testid="spending-row">
                <th scope="row">{monthName(month.month, locale, true)}</th>
                <td>{amount(month.spent)}</td>
                <td>{amount(month.uncertain)}</td>
                <td>{amount(month.declared)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p className="spending-note">{t('spending.gmt')}</p>
    </div>
  );
}
