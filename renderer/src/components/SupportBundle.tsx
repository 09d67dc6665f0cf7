import { useState } from 'react';
import type { SavedFile } from '../../../common/bridge-contract.ts';
import { useT, type MessageKey } from '../i18n/index.ts';
import { unwrap } from '../lib/api.ts';
import { useWallet } from '../state/wallet-context.tsx';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
import { Dialog } from './Dialog.tsx';
import { useErrorText } from './ErrorText.tsx';
import './support-bundle.css';

/** What the file holds, and what it does not (docs/BANK-CALLS.md, "The support bundle"), in the screen's words. */
const INSIDE: MessageKey[] = ['bundle.in.app', 'bundle.in.profile', 'bundle.in.calls', 'bundle.in.payments'];
const NOT_INSIDE: MessageKey[] = ['bundle.out.secrets', 'bundle.out.texts', 'bundle.out.numbers'];

/** The two lists: said beside the button, and again above the file in the preview. */
function WhatIsInside() {
  const t = useT();
  return (
    <div className="bundle-lists" data-testid="bundle-lists">
      <div>
        <p>{t('bundle.inside')}</p>
        <ul>
          {INSIDE.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </div>
      <div>
        <p>{t('bundle.notInside')}</p>
        <ul>
          {NOT_INSIDE.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The support bundle (issues 30 and 38): one file for the app's vendor. Settings shows it in every profile, the Bank
 * calls screen too. It says what the file holds and what it does not; the customer looks at the file itself (main's
 * previewSupportBundle, the exact text) before saving it where they say (saveSupportBundle saves that same text);
 * then it says where it was saved, or nothing when the save was cancelled.
 */
export function SupportBundle({ className }: { className?: string }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const [saved, setSaved] = useState<SavedFile>();
  const [content, setContent] = useState<string>();
  // A second click before React has drawn the first one's busy state makes no second file.
  const { busy, error, run } = useOneAtATime();

  const look = () =>
    run(async () => {
      setSaved(undefined);
      setContent((await unwrap(wallet.previewSupportBundle())).content);
    });

  const save = () =>
    run(async () => {
      try {
        const file = await unwrap(wallet.saveSupportBundle());
        if (file.saved) setSaved(file);
      } finally {
        // Saved, cancelled or failed: the dialog closes, and what came of it is said below the button.
        setContent(undefined);
      }
    });

  return (
    <section
      aria-labelledby="support-bundle-title"
      className={className ? `support-bundle ${className}` : 'support-bundle'}
      data-testid="support-bundle"
    >
      <h3 id="support-bundle-title">{t('bundle.title')}</h3>
      <p>{t('bundle.text')}</p>
      <WhatIsInside />
      <div className="actions">
        {/* aria-disabled, not disabled, while it works: a disabled button drops the focus to the page. */}
        <button
          type="button"
          aria-disabled={busy || undefined}
          data-testid="preview-support-bundle"
          onClick={() => void look()}
        >
          {busy && content === undefined ? t('bundle.looking') : t('bundle.look')}
        </button>
      </div>
      {/* Always there, so that what it comes to say is read out. */}
      <div role="status" className="bundle-outcome" data-testid="bundle-outcome">
        {saved && <p>{t('bundle.saved', { folder: saved.folder ?? '', fileName: saved.fileName ?? '' })}</p>}
      </div>
      {error && (
        <p role="alert" className="error" data-testid="bundle-error">
          {t('bundle.failed')} {errorText(error)}
        </p>
      )}
      {content !== undefined && (
        <Dialog
          title={t('bundle.preview.title')}
          className="bundle-preview"
          onClose={() => setContent(undefined)}
          returnFocus={() => document.querySelector<HTMLElement>('[data-testid="preview-support-bundle"]')}
        >
          <WhatIsInside />
          <div className="actions">
            <button
              type="button"
              data-autofocus
              aria-disabled={busy || undefined}
              data-testid="save-support-bundle"
              onClick={() => void save()}
            >
              {busy ? t('bundle.saving') : t('bundle.save')}
            </button>
            <button type="button" data-testid="close-support-bundle" onClick={() => setContent(undefined)}>
              {t('bundle.close')}
            </button>
          </div>
          {/* The file itself, after the buttons: the dialog scrolls as one, and Save is where it opens. */}
          <h3>{t('bundle.preview.label')}</h3>
          <pre className="bundle-content" data-testid="bundle-content">
            {content}
          </pre>
        </Dialog>
      )}
    </section>
  );
}
