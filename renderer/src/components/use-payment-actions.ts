import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentView } from '../../../common/bridge-contract.ts';
import {
  SLOW_AFTER_MS,
  shownState,
  statusOf,
  type PaymentAction,
  type ShownRow,
  type ShownState,
} from '../../../common/payment-status.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { useApp, useWallet } from '../state/wallet-context.tsx';

/** The actions of the table that talk to main; the others (receipt, the pay form) are the screen's own. */
export type MainAction = Extract<
  PaymentAction,
  'send' | 'dontSend' | 'checkNow' | 'stopTrying' | 'declarePaid' | 'declareNotPaid'
>;

export interface PaymentActions {
  shown: ShownState;
  row: ShownRow;
  /** The call in flight, if any (its button says so; the others wait). */
  busy: MainAction | undefined;
  /** A call about it is in flight or about to start: what is shown may still change by itself. */
  pending: boolean;
  /** A call about this payment that main refused (its code), until the next try. */
  error: string | undefined;
  /** The passcode prompt is open for this payment. */
  prompting: boolean;
  /** Whole seconds since this window saw the payment start going (while it is being sent). */
  seconds: number;
  run(action: MainAction): Promise<void>;
  /** The passcode was given: the same payment is sent. */
  presenceGiven(): void;
  /** The prompt was cancelled: the payment stays confirmed and not sent. */
  cancelPrompt(): void;
}

/**
 * What the customer can do about one payment, wherever it is shown (the pay screen's result, a payment's details):
 * the state it is shown in (common/payment-status.ts), and the calls of its row. Every answer goes to the app store
 * (`notePayment`), which the screens' stores follow, so the payment on screen is main's newest.
 */
export function usePaymentActions(
  payment: PaymentView,
  options: {
    /** Takes the order to send it at once (true once): the review has just confirmed it. */
    sendNow?: () => boolean;
    /** That order is there, not taken yet: shown as being sent from the first frame, never as "not sent". */
    willSend?: boolean;
    initialError?: string;
  } = {},
): PaymentActions {
  const wallet = useWallet();
  const { notePayment } = useApp((state) => state.actions);
  const [busy, setBusy] = useState<MainAction>();
  const [error, setError] = useState<string | undefined>(options.initialError);
  const [prompting, setPrompting] = useState(false);
  const [since, setSince] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const running = useRef(false);
  const { id } = payment;

  const slow = since !== undefined && now - since >= SLOW_AFTER_MS;
  // While a send this window started is on its way, the payment is shown as being sent, even before main's event
  // that says so arrives: never "confirmed, not sent" with a Send button while it goes.
  const going = busy === 'send' || options.willSend === true;
  // Main refused a call because the payment's record is damaged: it is shown as damaged, whatever the last view said.
  const facts =
    error === 'RECORD_DAMAGED'
      ? { ...payment, state: 'damaged' as const }
      : going && payment.state === 'confirmed'
        ? { ...payment, state: 'sending' as const }
        : payment;
  const shown = shownState(facts, { prompting, slow });
  const goingOut = shown === 'sending' || shown === 'slow';

  // The clock of "so far": from when this window saw it start going, ticking each second while it goes.
  useEffect(() => {
    if (!goingOut) {
      setSince(undefined);
      return;
    }
    const start = since ?? Date.now();
    if (since === undefined) setSince(start);
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [goingOut, since]);

  const run = useCallback(
    async (action: MainAction) => {
      // One call at a time for a payment, whatever is pressed twice.
      if (running.current) return;
      running.current = true;
      setBusy(action);
      setError(undefined);
      try {
        const answer =
          action === 'send'
            ? wallet.submitPayment({ id })
            : action === 'dontSend'
              ? wallet.dropPayment({ id })
              : action === 'checkNow'
                ? // Main asks what fits: the status of one the bank took, else the same request id again.
                  wallet.checkAgain({ id })
                : action === 'stopTrying'
                  ? // Main waits for a send under way, then sends it no more (issue 38).
                    wallet.stopTrying({ id })
                  : wallet.declareOutcome({ id, outcome: action === 'declarePaid' ? 'paid' : 'notPaid' });
        notePayment(await unwrap(answer));
      } catch (caught) {
        const code = errorCode(caught);
        // The passcode was entered too long ago: asked for here, then the same payment is sent.
        if (code === 'PRESENCE_REQUIRED') setPrompting(true);
        else setError(code);
        // Its record is damaged: main's view of it says so (and what can still be read of it).
        if (code === 'RECORD_DAMAGED') {
          await unwrap(wallet.getPayment({ id })).then(notePayment, () => undefined);
        }
      } finally {
        running.current = false;
        setBusy(undefined);
      }
    },
    [wallet, id, notePayment],
  );

  // The review just confirmed it: it goes at once (taken once, however often this renders).
  const { sendNow } = options;
  useEffect(() => {
    if (sendNow?.()) void run('send');
  }, [sendNow, run]);

  return {
    pending: busy !== undefined || options.willSend === true,
    shown,
    row: statusOf(facts, { prompting, slow }),
    busy,
    error,
    prompting,
    seconds: since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000)),
    run,
    presenceGiven: () => {
      setPrompting(false);
      void run('send');
    },
    cancelPrompt: () => setPrompting(false),
  };
}
