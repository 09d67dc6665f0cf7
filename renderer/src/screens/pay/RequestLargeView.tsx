import { createPortal } from 'react-dom';
import { displayAccount } from '../../../../common/account-number.ts';
import type { CreatedPaymentRequest } from '../../../../common/bridge-contract.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { requestCaption } from './request-caption.ts';

/**
 * A request shown large, to hold up to the payer (issue 27): most of the window, black on white whatever the theme,
 * the QR code as large as fits and, in large type, who asks, how much and the text. Escape or Close ends it and the
 * focus goes back to the button that opened it (Dialog). Put on the page's body, not inside the request dialog, so
 * it is the one modal on top and its size is the window's.
 */
export function RequestLargeView({ made, onClose }: { made: CreatedPaymentRequest; onClose: () => void }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const caption = requestCaption(made.request, t, locale);
  return createPortal(
    <Dialog title={t('request.largeTitle')} onClose={onClose} className="qr-large">
      <img
        className="qr-large-code"
        src={made.qr}
        alt={t('request.qrAlt', { account: displayAccount(made.request.account) })}
        data-testid="qr-large-code"
      />
      <div className="qr-large-caption" data-testid="qr-large-caption">
        <p className="qr-large-who">{caption.who}</p>
        <p className="qr-large-amount">{caption.amount}</p>
        {caption.message && <p className="qr-large-message">{caption.message}</p>}
      </div>
      <div className="actions">
        <button type="button" className="primary" onClick={onClose} data-autofocus>
          {t('action.close')}
        </button>
      </div>
    </Dialog>,
    document.body,
  );
}
