import type { DueList } from '../../../../common/due-payment.ts';
import { DUE_COMING_DAYS } from '../../../../common/due-rules.ts';
import { addDays } from '../../../../common/schedule.ts';
import { formatDueDate } from '../../i18n/due-dates.ts';
import { formatAmount } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { payeeOf } from './due-order.ts';

/** The dates of the next DUE_COMING_DAYS days after main's day, of every payment on the list, soonest first. */
export function comingUp(list: DueList): { key: string; date: string; payee: string; amount: number }[] {
  const last = addDays(list.today, DUE_COMING_DAYS);
  return list.items
    .flatMap((item) =>
      item.nextDates
        .filter((date) => date > list.today && date <= last)
        .map((date) => ({ key: `${item.id}|${date}`, date, payee: payeeOf(item), amount: item.order.amount })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.payee.localeCompare(b.payee));
}

/**
 * "Coming up" on the Due list (issue 42, item 12): what comes due in the next seven days, each with its payee, amount
 * and date, so a payment is seen before its day. Nothing is offered here: the rows below have the actions.
 */
export function ComingUp({ list }: { list: DueList }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const coming = comingUp(list);
  if (coming.length === 0) return null;
  return (
    <section className="due-coming" aria-labelledby="due-coming-title" data-testid="due-coming">
      <h4 id="due-coming-title">{t('due.coming')}</h4>
      <ul>
        {coming.map(({ key, date, payee, amount }) => (
          <li key={key}>
            <span className="due-coming-when">{formatDueDate(date, locale, { today: list.today })}</span>
            <span className="due-coming-payee">{payee}</span>
            <strong className="due-coming-amount">{formatAmount(amount, locale)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
