import { useRef, useState } from 'react';
import './receipt.css';
import type { PaymentView } from '../../../common/bridge-contract.ts';
import { maskKennitala } from '../../../common/kennitala.ts';
import type { Session } from '../../../common/session.ts';
import { useT } from '../i18n/index.ts';
import { profileName } from '../i18n/profile-name.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { useApp, useWallet } from '../state/wallet-context.tsx';
import { PaymentError } from './PaymentError.tsx';
import { PrintableReceipt, Receipt } from './Receipt.tsx';

/**
 * The payer's name: the signed-in customer's, as main has it from the bank's sign-in. A payment shown here is always
 * the signed-in customer's (main keeps each customer's payments apart); the masked kennitala is compared as well, so
 * a session that changed under an open receipt never puts another name on it.
 */
function payerOf(payment: PaymentView, session: Session | undefined): string | undefined {
  if (!session?.signedIn || !session.name || !session.maskedKennitala) return undefined;
  return session.maskedKennitala === maskKennitala(payment.order.debtorKennitala) ? session.name : undefined;
}

type SaveState =
  { kind: 'busy' } | { kind: 'saved'; fileName: string; folder: string } | { kind: 'failed'; code: string };

/**
 * A payment's receipt on screen, with Save as PDF and Print. Both print the window, whose print styles show only the
 * receipt placed for them (PrintableReceipt): the PDF is what the printer would get.
 */
export function ReceiptPanel({ payment, onClose }: { payment: PaymentView; onClose: () => void }) {
  const t = useT();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const profile = useApp((state) => state.profiles?.profiles.find((each) => each.active));
  const session = useApp((state) => state.session);
  const [save, setSave] = useState<SaveState>();
  // A double click saves once.
  const saving = useRef(false);
  if (!profile) return null;
  // A built-in profile's shipped name in the receipt's language (no "Local sandbox" on an Icelandic receipt).
  const receipt = {
    payment,
    locale,
    environment: profile.environment,
    profileName: profileName(profile, t),
    payerName: payerOf(payment, session),
  };

  const saveAsPdf = async () => {
    if (saving.current) return;
    saving.current = true;
    setSave({ kind: 'busy' });
    try {
      const result = await unwrap(wallet.saveReceipt({ id: payment.id }));
      setSave(
        result.saved ? { kind: 'saved', fileName: result.fileName ?? '', folder: result.folder ?? '' } : undefined,
      );
    } catch (error) {
      setSave({ kind: 'failed', code: errorCode(error) });
    } finally {
      saving.current = false;
    }
  };

  return (
    <div className="receipt-panel" data-testid="receipt-panel">
      <div className="receipt-scroll" tabIndex={0} role="region" aria-label={t('receipt.title')}>
        <Receipt {...receipt} />
      </div>
      <PrintableReceipt {...receipt} />
      <div role="status" className="receipt-status">
        {save?.kind === 'busy' && t('receipt.saving')}
        {save?.kind === 'saved' && t('receipt.saved', { fileName: save.fileName, folder: save.folder })}
      </div>
      {save?.kind === 'failed' && (
        <PaymentError
          failure={{ code: save.code }}
          alert
          // A failed print says itself that nothing was saved, and that Print may still work.
          {...(save.code === 'PRINT_FAILED' ? {} : { lead: t('receipt.notSaved') })}
          testId="receipt-error"
        />
      )}
      <div className="actions">
        {/* Not disabled while it saves: a disabled button drops the focus to the page (issue 42). */}
        <button
          type="button"
          className="primary"
          aria-disabled={save?.kind === 'busy' || undefined}
          onClick={() => void saveAsPdf()}
        >
          {t('receipt.save')}
        </button>
        <button type="button" onClick={() => window.print()}>
          {t('receipt.print')}
        </button>
        <button type="button" onClick={onClose}>
          {t('action.close')}
        </button>
      </div>
    </div>
  );
}
