import { useT } from '../i18n/index.ts';
import { Dialog } from './Dialog.tsx';

/**
 * "Stop trying" asks first (issue 38): what stopping means, said before it is done. The app then sends the payment no
 * more, and the customer's online banking decides it; so the focus starts on Keep trying, and a stray Enter changes
 * nothing. Where the focus was (the Stop trying button) may be gone when it closes: then it goes to `returnFocus`.
 */
export function StopTryingConfirm({
  onConfirm,
  onKeep,
  returnFocus,
}: {
  onConfirm: () => void;
  onKeep: () => void;
  returnFocus: () => HTMLElement | null;
}) {
  const t = useT();
  return (
    <Dialog title={t('status.stop.title')} onClose={onKeep} returnFocus={returnFocus}>
      <p>{t('status.stop.text')}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={onConfirm}>
          {t('status.stop.confirm')}
        </button>
        <button type="button" data-autofocus onClick={onKeep}>
          {t('status.stop.keep')}
        </button>
      </div>
    </Dialog>
  );
}
