import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/index.ts';
import { readQrImage } from '../../lib/read-qr.ts';
import { useApp } from '../../state/wallet-context.tsx';

/** Reads a QR code image into a link, then uses it as a pasted one; an image without a code is said so. */
export function useQrImage(): (file: Blob) => Promise<void> {
  const { openRequestLink, refuseRequest } = useApp((state) => state.actions);
  return async (file) => {
    const link = await readQrImage(file);
    if (link === undefined) refuseRequest('REQUEST_NO_QR');
    else await openRequestLink(link);
  };
}

/**
 * "Pay a request": a link pasted, or a QR code image read, fills the pay form (main reads the link; every field is
 * then checked as typed). Dropping an image onto the form does the same (PayScreen).
 */
export function PayRequest() {
  const t = useT();
  const { openRequestLink } = useApp((state) => state.actions);
  const readImage = useQrImage();
  const [link, setLink] = useState('');
  const linkId = useId();
  const hintId = useId();
  const file = useRef<HTMLInputElement>(null);

  const use = async (event: FormEvent) => {
    event.preventDefault();
    if (link.trim() === '') return;
    // A refused link stays in its field, so the customer sees what they pasted beside the reason.
    if (await openRequestLink(link)) setLink('');
  };

  return (
    <details className="pay-request" data-testid="pay-request">
      <summary>{t('request.pay')}</summary>
      <form onSubmit={(event) => void use(event)} noValidate>
        <div className="field">
          <label htmlFor={linkId}>{t('request.paste')}</label>
          <input
            id={linkId}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            aria-describedby={hintId}
            data-testid="request-link-input"
            autoComplete="off"
            spellCheck={false}
          />
          <p id={hintId} className="hint">
            {t('request.pasteHint')}
          </p>
        </div>
        <div className="actions">
          <button type="submit">{t('request.use')}</button>
          <button type="button" onClick={() => file.current?.click()}>
            {t('request.qrFile')}
          </button>
          <input
            ref={file}
            hidden
            type="file"
            accept="image/*"
            data-testid="request-qr-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void readImage(chosen);
            }}
          />
        </div>
        <p className="hint">{t('request.dropHint')}</p>
      </form>
    </details>
  );
}
