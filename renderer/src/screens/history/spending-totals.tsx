import type { SpendingTotals } from '../../../../common/spending.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount } from '../../i18n/format.ts';

/**
 * One period's totals, as a term and its description: what the bank took, then (only where there is any) what is not
 * known yet and what the customer said went through, each apart.
 */
export function SpendingPeriod({
  testId,
  label,
  totals,
  locale,
}: {
  testId: string;
  label: string;
  totals: SpendingTotals;
  locale: AppLocale;
}) {
  const t = useT();
  const amount = (value: number) => formatAmount(value, locale);
  return (
    <div className="spending-period" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <span className="spending-spent">
          {t('spending.spent')} <strong>{amount(totals.spent)}</strong>
        </span>
        {totals.uncertain > 0 && (
          <span className="spending-other" data-testid={`${testId}-uncertain`}>
            {t('spending.uncertain')} {amount(totals.uncertain)}
          </span>
        )}
        {totals.declared > 0 && (
          <span className="spending-other" data-testid={`${testId}-declared`}>
            {t('spending.declared')} {amount(totals.declared)}
          </span>
        )}
      </dd>
    </div>
  );
}

/** A spending table's head: what a row is (`first`), then the three amounts kept apart, as everywhere. */
export function AmountsHead({ first }: { first: string }) {
  const t = useT();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{t('spending.spent')}</th>
        <th scope="col">{t('spending.uncertain')}</th>
        <th scope="col">{t('spending.col.declared')}</th>
      </tr>
    </thead>
  );
}

/** A row's three amounts, in the head's order. */
export function AmountCells({
  sums,
  locale,
}: {
  sums: { spent: number; uncertain: number; declared: number };
  locale: AppLocale;
}) {
  return (
    <>
      <td>{formatAmount(sums.spent, locale)}</td>
      <td>{formatAmount(sums.uncertain, locale)}</td>
      <td>{formatAmount(sums.declared, locale)}</td>
    </>
  );
}
