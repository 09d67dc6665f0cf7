import { useState } from 'react';
import type { SavedFile } from '../../../common/bridge-contract.ts';
import { useT } from '../i18n/index.ts';
import { unwrap } from '../lib/api.ts';
import { useWallet } from '../lib/wallet-context.tsx';
import { useOneAtATime } from '../lib/one-at-a-time.ts';
import { useErrorText } from './ErrorText.tsx';

/**
 * The support bundle (issue 30): one file for the app's vendor, saved where the customer says (main's
 * saveSupportBundle asks). Settings shows it in every profile, the Bank calls screen too; it says what the file holds,
 * then where it was saved, or nothing when the save was cancelled.
 */
export function SupportBundle({ className }: { className?: string }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const [saved, setSaved] = useState<SavedFile>();
  // A second click before React has drawn the first one's busy state saves no second file.
  const { busy, error, run } = useOneAtATime();

  const save = () =>
    run(async () => {
      setSaved(undefined);
      const file = await unwrap(wallet.saveSupportBundle());
      if (file.saved) setSaved(file);
    });

  return (
    <section
      aria-labelledby="support-bundle-title"
      className={className ? `support-bundle ${className}` : 'support-bundle'}
      data-testid="support-bundle"
    >
      <h3 id="support-bundle-title">{t('bundle.title')}</h3>
      <p>{t('bundle.text')}</p>
      <div className="actions">
        {/* aria-disabled, not disabled, while it saves: a disabled button drops the focus to the page. */}
        <button
          type="button"
          aria-disabled={busy || undefined}
          data-testid="save-support-bundle"
          onClick={() => void save()}
        >
          {busy ? t('bundle.saving') : t('bundle.save')}
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
    </section>
  );
}
