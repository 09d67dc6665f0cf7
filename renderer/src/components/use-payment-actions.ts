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
 * A send of the payment that a screen's store owns (the pay screen's result: the store that confirmed it sends it):
 * its state, and its calls. The Send button and the passcode prompt go through it, so there is one send at a time.
 */
export interface PaymentSender {
  /** A send is on its way (shown as being sent from the first frame). */
  going: boolean;
  /** Main asked for the passcode before the send. */
  prompting: boolean;
  /** The code of the send main refused, until the next call about the payment. */
  error: string | undefined;
  send(): void;
  presenceGiven(): void;
  cancelPrompt(): void;
  /** Another call about the payment starts. */
  clearError(): void;
}

/**
 * What the customer can do about one payment, wherever it is shown (the pay screen's result, a payment's details):
 * the state it is shown in (common/payment-status.ts), and the calls of its row. Every answer goes to the app store
 * (`notePayment`), which the screens' stores follow, so the payment on screen is main's newest.
 */
export function usePaymentActions(
  payment: PaymentView,
  options: {
    /** The send is the screen's store's: its Send and its passcode prompt go there. */
    sender?: PaymentSender;
  } = {},
): PaymentActions {
  const wallet = useWallet();
  const { notePayment } = useApp((state) => state.actions);
  const { sender } = options;
  const [own, setBusy] = useState<MainAction>();
  const [ownError, setError] = useState<string>();
  const [ownPrompt, setPrompting] = useState(false);
  const busy = own ?? (sender?.going ? 'send' : undefined);
  const error = ownError ?? sender?.error;
  const prompting = ownPrompt || sender?.prompting === true;
  const [since, setSince] = useState<number>();
  const [now, setNow] = useState(() => Date.now());
  const running = useRef(false);
  const { id } = payment;

  const slow = since !== undefined && now - since >= SLOW_AFTER_MS;
  // While a send this window started is on its way, the payment is shown as being sent, even before main's event
  // that says so arrives: never "confirmed, not sent" with a Send button while it goes.
  const going = busy === 'send';
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
      if (running.current || sender?.going) return;
      if (sender) {
        setError(undefined);
        // The store's send: its state comes back through `sender`.
        if (action === 'send') return sender.send();
        sender.clearError();
      }
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
    [wallet, id, notePayment, sender],
  );

  return {
    pending: busy !== undefined,
    shown,
    row: statusOf(facts, { prompting, slow }),
    busy,
    error,
    prompting,
    seconds: since === undefined ? 0 : Math.max(0, Math.floor((now - since) / 1000)),
    run,
    presenceGiven: () => {
      setPrompting(false);
      if (sender?.prompting) sender.presenceGiven();
      else void run('send');
    },
    cancelPrompt: () => {
      setPrompting(false);
      sender?.cancelPrompt();
    },
  };
}
