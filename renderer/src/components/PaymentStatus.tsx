import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DailyLimitView, PaymentView } from '../../../common/bridge-contract.ts';
import { formatKennitala } from '../../../common/kennitala.ts';
import { SLOW_AFTER_MS, type PaymentAction, type ShownState } from '../../../common/payment-status.ts';
import { REQUEST_ID_WINDOW_MS } from '../../../common/request-id.ts';
import { DAMAGED_FAILURE } from '../i18n/explain-failure.ts';
import { useT } from '../i18n/index.ts';
import { formatAmount, formatDate, formatTime, sameDay } from '../i18n/format.ts';
import { useApp } from '../state/wallet-context.tsx';
import { HelpLink } from './HelpLink.tsx';
import { PaymentError } from './PaymentError.tsx';
import { PresencePrompt } from './PresencePrompt.tsx';
import { StopTryingConfirm } from './StopTryingConfirm.tsx';
import { actionLabel } from './action-labels.ts';
import { usePaymentActions, type MainAction, type PaymentSender } from './use-payment-actions.ts';

export { ACTION_LABELS, actionLabel } from './action-labels.ts';
const MAIN_ACTIONS: ReadonlySet<PaymentAction> = new Set<MainAction>([
  'send',
  'dontSend',
  'checkNow',
  'stopTrying',
  'declarePaid',
  'declareNotPaid',
]);
const PRIMARY: ReadonlySet<PaymentAction> = new Set<MainAction>(['send', 'checkNow']);
const isMainAction = (action: PaymentAction): action is MainAction => MAIN_ACTIONS.has(action);
/**
 * While "Stop trying?" is asked, the states in which the question still means something: the app may still send the
 * payment (its follow-up may start a send meanwhile, which a stop ends after that attempt). Past them it closes.
 */
const STOPPABLE: ReadonlySet<ShownState> = new Set(['unknown', 'sending', 'slow']);
const isScreenAction = (action: PaymentAction): action is keyof ScreenActions =>
  action === 'receipt' || action === 'backToForm' || action === 'newPayment';

/** The screen's own answers to the table's other actions; an action without one is not offered there. */
export type ScreenActions = Partial<
  Record<Extract<PaymentAction, 'receipt' | 'backToForm' | 'newPayment'>, () => void>
>;

/** The states whose outcome is not known: their page of help (HelpLink) says what that means. */
const UNKNOWN: ReadonlySet<string> = new Set(['unknown', 'unknownStopped', 'unknownRestored']);

/**
 * One payment's state as the customer sees it, from the one table (common/payment-status.ts): the title (a heading
 * that takes the focus when the state changes), what is known and what to do, the bank's or the app's explanation of
 * a failure, when the app asks next by itself, and the row's actions. The pay screen's result and a payment's
 * details in History both show it.
 */
export function PaymentStatus({
  payment,
  screen,
  sender,
  today,
  headingId,
  failure: withFailure = true,
  omit = [],
  focusFirst = true,
  children,
}: {
  payment: PaymentView;
  screen: ScreenActions;
  /** The send is the screen's store's (the pay screen's result, whose store sent it once confirmed). */
  sender?: PaymentSender | undefined;
  /** Today's limit, for a refusal over it. */
  today?: DailyLimitView | undefined;
  headingId: string;
  /** Whether the payment's own failure is explained here (History's details explain it with its technical side). */
  failure?: boolean;
  /** Actions of the row the screen offers in its own way (History's details ask for a status with its own button). */
  omit?: readonly PaymentAction[];
  /**
   * The title takes the focus when it first shows (the result screen) or only when the state changes (in a dialog,
   * whose own focus comes first and goes back where it was when it closes).
   */
  focusFirst?: boolean;
  /** More of the screen's own buttons, after the table's. */
  children?: ReactNode;
}) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  // Main's clock, as the lock screen reads it: the next check's time alone only when it is that day.
  const asOf = useApp((state) => state.lock?.asOf);
  const actions = usePaymentActions(payment, sender ? { sender } : {});
  const { shown, row, busy, error, seconds } = actions;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef<string>(undefined);
  // "Stop trying?" is open: asked, not yet answered.
  const [confirmingStop, setConfirmingStop] = useState(false);
  const askingStop = confirmingStop && STOPPABLE.has(shown);
  // A question open over the status keeps the focus while the state changes under it (the follow-up sends), and so
  // does the passcode prompt, whose opening is itself a change of state: the heading taking the focus after the
  // prompt's own took the digits typed into it (issue 42, item 2). Once it closes, the heading takes it as before.
  const asking = useRef(false);
  asking.current = askingStop || actions.prompting;
  useEffect(() => {
    const first = shownBefore.current === undefined;
    shownBefore.current = shown;
    if (asking.current) return;
    if (!first || focusFirst) heading.current?.focus();
  }, [shown, focusFirst]);
  const amount = formatAmount(payment.order.amount, locale);
  const payee = payment.order.payeeName || formatKennitala(payment.order.depositKennitala);
  // While the app may still send it again, the date and time it says are when it stops: the request id's 24 hours end.
  const windowEnds = payment.createdAt + REQUEST_ID_WINDOW_MS;
  const when = shown === 'unknown' ? windowEnds : (payment.firstSentAt ?? payment.createdAt);
  // A send after one the bank did not answer (the app's retry, or Try again now) is said as such: the bank is not
  // "slow for 0 s" (issue 42, item 8); how long this one has waited is said once it is long.
  const resending = shown === 'slow' && payment.attempts > 1;
  const title = resending ? t('status.resending.title') : t(`status.${shown}.title`);
  const text = resending
    ? [
        t('status.resending.text', { amount, payee, attempt: payment.attempts }),
        ...(seconds * 1000 >= SLOW_AFTER_MS ? [t('status.resending.waiting', { seconds })] : []),
      ].join(' ')
    : t(`status.${shown}.text`, {
        amount,
        payee,
        seconds,
        requestId: payment.requestId,
        date: formatDate(when, locale),
        time: formatTime(when, locale),
      });
  // An unknown payment is sent again by the follow-up (the same request id); an accepted one is only asked about.
  const resends = shown === 'unknown';
  // The payment's own failure: the bank's refusal, or why its outcome is not known. A damaged record says so first.
  const failure = shown === 'damaged' ? DAMAGED_FAILURE : payment.error;
  const showFailure =
    withFailure &&
    failure !== undefined &&
    // Past the 24 hours the failure's advice (check again) no longer holds: the state's text says what to do.
    (shown === 'rejected' || shown === 'unknown' || shown === 'damaged');

  return (
    <div
      className="payment-status"
      data-testid="payment-status"
      data-shown={shown}
      aria-busy={actions.pending || undefined}
    >
      {/* In a dialog, its first focus: what is known of the payment is read first. */}
      <h3 id={headingId} ref={heading} tabIndex={-1} {...(focusFirst ? {} : { 'data-autofocus': true })}>
        {title}
      </h3>
      {showFailure && (
        <PaymentError failure={failure} alert={shown === 'damaged'} {...(shown === 'rejected' ? { today } : {})} />
      )}
      <p role="status" data-testid="status-text">
        {text}
      </p>
      {/* What an unknown outcome means, and what to do, on a page of its own (issue 42). */}
      {UNKNOWN.has(shown) && (
        <p>
          <HelpLink topic="unknownOutcome" />
        </p>
      )}
      {payment.nextCheckAt !== undefined && row.followedUp && (
        <p data-testid="next-check">
          {asOf !== undefined && sameDay(payment.nextCheckAt, asOf)
            ? t(resends ? 'status.nextTry' : 'status.nextCheck', { time: formatTime(payment.nextCheckAt, locale) })
            : t(resends ? 'status.nextTryDay' : 'status.nextCheckDay', {
                date: formatDate(payment.nextCheckAt, locale),
                time: formatTime(payment.nextCheckAt, locale),
              })}
        </p>
      )}
      {/* A call about this payment that main refused (a send, a check, a drop), explained as the payment's own. */}
      {error && !(shown === 'damaged' && error === 'RECORD_DAMAGED') && (
        <PaymentError failure={{ code: error }} alert testId="payment-refused" />
      )}
      <div className="actions">
        {row.actions.map((action) => {
          if (omit.includes(action)) return null;
          if (isMainAction(action)) {
            return (
              <button
                key={action}
                type="button"
                className={PRIMARY.has(action) ? 'primary' : undefined}
                disabled={busy !== undefined}
                aria-busy={busy === action || undefined}
                onClick={() => (action === 'stopTrying' ? setConfirmingStop(true) : void actions.run(action))}
              >
                {busy === action ? t('status.working') : t(actionLabel(action, shown))}
              </button>
            );
          }
          const onPress = isScreenAction(action) ? screen[action] : undefined;
          if (!onPress) return null;
          return (
            <button
              key={action}
              type="button"
              className={action === 'newPayment' && row.receipt === 'bank' ? 'primary' : undefined}
              onClick={onPress}
            >
              {t(actionLabel(action, shown))}
            </button>
          );
        })}
        {children}
      </div>
      {askingStop && (
        <StopTryingConfirm
          onKeep={() => setConfirmingStop(false)}
          onConfirm={() => {
            setConfirmingStop(false);
            void actions.run('stopTrying');
          }}
          // The Stop trying button is disabled or gone once confirmed: the state's heading says what happened.
          returnFocus={() => heading.current}
        />
      )}
      {actions.prompting && (
        <PresencePrompt amount={amount} onConfirmed={actions.presenceGiven} onCancel={actions.cancelPrompt} />
      )}
    </div>
  );
}
