import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentView } from '../../../../common/bridge-contract.ts';
import { PAYMENT_NOTE_MAX } from '../../../../common/payment-rules.ts';
import { FieldFrame } from '../../components/Field.tsx';
import { PaymentError } from '../../components/PaymentError.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusAfter } from '../../lib/focus.ts';
import { useWallet } from '../../state/wallet-context.tsx';

/**
 * The customer's private note on a payment (issue 42): written and saved in its details, kept on this computer only
 * (main seals it with the payment and never sends it), found by History's text search. Saving says so, with the
 * focus on the words; an empty note removes it.
 */
export function PaymentNote({ payment }: { payment: PaymentView }) {
  const t = useT();
  const wallet = useWallet();
  const id = useId();
  const [text, setText] = useState(payment.note ?? '');
  const [said, setSaid] = useState<'saved' | 'removed'>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const focusAfter = useFocusAfter();
  // Another payment's details, or this one's note changed elsewhere (another window): what is saved shows.
  useEffect(() => setText(payment.note ?? ''), [payment.id, payment.note]);

  const save = async () => {
    if (saving.current) return;
    saving.current = true;
    setBusy(true);
    setError(undefined);
    try {
      const saved = await unwrap(wallet.setPaymentNote({ id: payment.id, note: text }));
      setText(saved.note ?? '');
      setSaid(saved.note ? 'saved' : 'removed');
      focusAfter(() => document.getElementById(`${id}-said`));
    } catch (caught) {
      setError(errorCode(caught));
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  return (
    <section className="history-note" aria-labelledby={`${id}-title`} data-testid="payment-note">
      <h4 id={`${id}-title`}>{t('history.note.title')}</h4>
      <FieldFrame id={id} label={t('history.note.label')} hint={t('history.note.hint')}>
        {(describedBy) => (
          <textarea
            id={id}
            value={text}
            maxLength={PAYMENT_NOTE_MAX}
            rows={2}
            aria-describedby={describedBy}
            data-testid="payment-note-text"
            onChange={(event) => {
              setText(event.target.value);
              setSaid(undefined);
            }}
          />
        )}
      </FieldFrame>
      <div className="actions">
        {/* Busy, not disabled: a disabled button drops the focus to the page (issue 42). */}
        <button type="button" aria-disabled={busy || undefined} onClick={() => void save()}>
          {t('history.note.save')}
        </button>
      </div>
      {said && (
        <p id={`${id}-said`} role="status">
          {t(said === 'saved' ? 'history.note.saved' : 'history.note.removed')}
        </p>
      )}
      {error && <PaymentError failure={{ code: error }} alert testId="payment-note-error" />}
    </section>
  );
}
