import { displayAccount } from '../../../../common/account-number.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import type { SpendingPayee, SpendingSummary } from '../../../../common/spending.ts';
import { useT } from '../../i18n/index.ts';
import { formatNumber } from '../../i18n/format.ts';
import { AmountCells, AmountsHead } from './spending-totals.tsx';

/**
 * What was spent by payee, as a table: the payees with most spent first (at most 20, as main answers), then the rest
 * added up as one row. Over the chosen days if the summary was asked for a range, else over the whole history held;
 * the caption says which. A payee is named as the history list names one: by the name on their latest payment that
 * had one, with the account under it, or by the account alone; their kennitala is never shown.
 */
export function SpendingPayees({ summary, locale }: { summary: SpendingSummary; locale: AppLocale }) {
  const t = useT();
  const { payees, others } = summary.byPayee;
  const ranged = summary.range !== undefined;
  if (payees.length === 0 && others.payees === 0) {
    return (
      <p className="spending-state" data-testid="spending-payees-none">
        {t(ranged ? 'spending.byPayee.noneInRange' : 'spending.none')}
      </p>
    );
  }
  return (
    <table className="spending-table spending-payees" data-testid="spending-payees">
      <caption>{t(ranged ? 'spending.byPayee.captionRange' : 'spending.byPayee.captionAll')}</caption>
      <AmountsHead first={t('spending.col.payee')} />
      <tbody>
        {payees.map((payee) => (
          <tr key={`${payee.kennitala}-${payee.account}`} data-testid="spending-payee-row">
            <th scope="row">
              <PayeeName payee={payee} />
            </th>
            <AmountCells sums={payee} locale={locale} />
          </tr>
        ))}
        {others.payees > 0 && (
          <tr data-testid="spending-payee-others">
            <th scope="row">{t('spending.byPayee.others', { count: formatNumber(others.payees, locale) })}</th>
            <AmountCells sums={others} locale={locale} />
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** A damaged record of which nothing could be read comes with zeros for its accounts (see show.ts). */
const unreadable = (payee: SpendingPayee) => payee.name === '' && /^0+$/.test(payee.account);

function PayeeName({ payee }: { payee: SpendingPayee }) {
  const t = useT();
  if (unreadable(payee)) return <span className="spending-payee-name">{t('spending.byPayee.unreadable')}</span>;
  const account = displayAccount(payee.account);
  if (!payee.name) return <span className="spending-payee-name spending-payee-number">{account}</span>;
  return (
    <>
      <span className="spending-payee-name">{payee.name}</span>{' '}
      <span className="spending-payee-account">{account}</span>
    </>
  );
}
