import type { DueItem, DueList as DueListView } from '../../../../common/due-payment.ts';
import { formatDueDate, formatDueDates } from '../../i18n/due-dates.ts';
import { formatAmount } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { repeatWords, stateLines } from './due-words.ts';
import { payeeOf } from './due-order.ts';

/**
 * One payment on the Due list: who, how much, where it stands (under way, overdue, waiting today or next), its
 * schedule in words, and its buttons, each named with the row for a screen reader. What they do is DueList's.
 */

export function DueRow({
  item,
  list,
  busy,
  error,
  onPay,
  onSkip,
  onSkipOverdue,
  onChange,
  onStop,
  onHistory,
}: {
  item: DueItem;
  list: DueListView;
  busy: boolean;
  error: string | undefined;
  onPay: (date: string) => void;
  onSkip: (date: string) => void;
  onSkipOverdue: (from: string, to: string, count: number) => void;
  onChange: () => void;
  onStop: () => void;
  onHistory: (id: string) => void;
}) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const payee = payeeOf(item);
  const amount = formatAmount(item.order.amount, locale);
  const reference = item.order.endToEndId.trim();
  // What each button says to a screen reader: its action and the row, "Pay now: Rent, Björn Sigurðsson, ISK 25,000".
  const row = [reference, payee, amount].filter(Boolean).join(', ');
  const when = (date: string, weekday = true) => formatDueDate(date, locale, { weekday, today: list.today });
  const open = item.open;
  const [oldest, latest] = [item.overdue[0], item.overdue.at(-1)];
  return (
    <li className="due-item" data-testid="due-item">
      <p className="due-head">
        <span className="due-payee">
          <strong>{payee}</strong>
          {reference && <span className="muted"> · {reference}</span>}
        </span>
        <strong className="due-amount">{amount}</strong>
      </p>
      <ul className="due-lines">
        {item.underWay ? (
          <li className="due-state" data-testid="due-state">
            {t('due.underWay')}
          </li>
        ) : (
          stateLines(item, t, when).map((line) => (
            <li key={line} className="due-state" data-testid="due-state">
              {line}
            </li>
          ))
        )}
        <li className="due-repeat" data-testid="due-repeat">
          {repeatWords(item, t, locale, list.today)}
        </li>
        {item.remind !== undefined && (
          <li className="due-remind" data-testid="due-remind">
            {t('due.remind', { days: item.remind })}
          </li>
        )}
        {item.schedule.kind !== 'once' && item.nextDates.length > 0 && (
          <li className="due-next" data-testid="due-next">
            {t('due.nextDates', { dates: formatDueDates(item.nextDates, locale, list.today) })}
          </li>
        )}
        {item.overLimit && !item.underWay && (
          <li className="warning due-over" data-testid="due-over-limit">
            {t('due.overLimit', { left: formatAmount(list.remainingToday, locale) })}
          </li>
        )}
      </ul>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="actions due-actions">
        {item.underWay ? (
          item.paying && (
            <button type="button" className="link" onClick={() => onHistory(item.paying?.intentId ?? '')}>
              {t('due.seeInHistory')}
            </button>
          )
        ) : (
          <>
            {open && (
              <button
                type="button"
                className="primary"
                disabled={busy}
                aria-label={`${t('due.payNow')}: ${row}`}
                onClick={() => onPay(open)}
              >
                {t('due.payNow')}
              </button>
            )}
            {open && (
              <button
                type="button"
                disabled={busy}
                aria-label={`${t('due.skip')}: ${row}`}
                onClick={() => onSkip(open)}
              >
                {t('due.skip')}
              </button>
            )}
            {oldest && latest && item.overdue.length > 1 && (
              <button
                type="button"
                disabled={busy}
                aria-label={`${t('due.skipOverdue', { count: item.overdue.length })}: ${row}`}
                onClick={() => onSkipOverdue(oldest, latest, item.overdue.length)}
              >
                {t('due.skipOverdue', { count: item.overdue.length })}
              </button>
            )}
            <button type="button" disabled={busy} aria-label={`${t('due.change')}: ${row}`} onClick={onChange}>
              {t('due.change')}
            </button>
            <button type="button" disabled={busy} aria-label={`${t('due.stop')}: ${row}`} onClick={onStop}>
              {t('due.stop')}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
