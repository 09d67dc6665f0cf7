import type { DailyLimitView } from '../../../../common/bridge-contract.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount, formatDuration, formatGmtTime } from '../../i18n/format.ts';
import { useApp } from '../../lib/wallet-context.tsx';

/** "X kr. of 200.000 kr. left today; resets at 00:00 GMT (in 3 h 12 min)", with a meter. */
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
      {limit.bankSaysReached && <p className="warning">{t('limit.bankReached')}</p>}
    </section>
  );
}
