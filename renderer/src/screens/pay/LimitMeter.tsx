import type { DailyLimitView } from '../../../../common/bridge-contract.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount, formatDuration, formatGmtTime } from '../../i18n/format.ts';
import { useApp } from '../../state/wallet-context.tsx';

/**
 * "X kr. of 200.000 kr. left today; resets at 00:00 GMT (in 3 h 12 min)", with a meter, and how much of what is used
 * is held by a payment not sent yet, or is on its way or not known.
 */
export function LimitMeter({ limit }: { limit: DailyLimitView | undefined }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  if (!limit) return null;
  return (
    <section className="limit" aria-labelledby="limit-title" data-testid="limit-meter">
      <h3 id="limit-title">{t('limit.label')}</h3>
      <meter min={0} max={limit.limit} value={limit.remaining} aria-labelledby="limit-title limit-left" />
      <p id="limit-left">
        {t('limit.left', { left: formatAmount(limit.remaining, locale), limit: formatAmount(limit.limit, locale) })}{' '}
        {t('limit.resets', {
          time: formatGmtTime(limit.resetsAt, locale),
          duration: formatDuration(limit.resetsAt - limit.asOf, locale),
        })}
      </p>
      {/* What is used, by what the app knows of it (common/payment-status.ts): not sent yet is held, not spent. */}
      {limit.held > 0 && (
        <p className="limit-part" data-testid="limit-held">
          {t('limit.held', { amount: formatAmount(limit.held, locale) })}
        </p>
      )}
      {limit.uncertain > 0 && (
        <p className="limit-part" data-testid="limit-uncertain">
          {t('limit.uncertain', { amount: formatAmount(limit.uncertain, locale) })}
        </p>
      )}
      {limit.bankSaysReached && <p className="warning">{t('limit.bankReached')}</p>}
    </section>
  );
}
