import type { DailyLimitView } from '../../../common/bridge-contract.ts';
import { explainFailure, type Failure } from '../i18n/explain-failure.ts';
import { useT } from '../i18n/index.ts';
import { useApp } from '../state/wallet-context.tsx';

/**
 * A payment's failure, or a refused call about a payment, as the result screen and the payment's details both show
 * it: what went wrong, then what to do. With `alert`, the first line is announced (it came after the screen did);
 * `lead` goes before it ("The status could not be refreshed.").
 */
export function PaymentError({
  failure,
  alert = false,
  lead,
  testId = 'payment-error',
  today,
}: {
  failure: Failure;
  alert?: boolean;
  lead?: string;
  testId?: string;
  /** Today's limit, where the failure is today's (the result screen): says when an exhausted limit resets. */
  today?: DailyLimitView | undefined;
}) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const text = explainFailure(failure, locale, t, today);
  return (
    <div className="payment-error" data-testid={testId}>
      <p {...(alert ? { role: 'alert', className: 'error' } : {})}>
        <strong>{lead ? `${lead} ${text.title}` : text.title}</strong>
      </p>
      {text.action && <p>{text.action}</p>}
    </div>
  );
}
