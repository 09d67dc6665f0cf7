import { useT, type MessageKey } from '../../i18n/index.ts';
import { grantEndWords } from '../../components/grant-end-words.ts';
import { useApp } from '../../state/wallet-context.tsx';

/** Why there is no access now, where the reason says more than "none": the 90 days over, or withdrawn at the bank. */
const LOST: Readonly<Record<string, MessageKey>> = {
  'grant-ended': 'grant.settings.ended',
  revoked: 'grant.settings.revoked',
};

/**
 * The 90-day access the customer gave the app at the bank: the day it ends and the days left, and where to withdraw
 * it sooner (the bank's online banking: the app has no way to withdraw it at the bank), worded as the banner words it
 * (calendar days; today and tomorrow with the time of day). The date is written by the
 * renderer's own formatter, so Icelandic months read right also where the engine has no Icelandic locale data. The
 * profile says no bank's name the renderer could use, so the text says "your bank".
 */
export function BankAccess() {
  const t = useT();
  const session = useApp((state) => state.session);
  const locale = useApp((state) => state.locale);
  const grantEnd = session?.signedIn ? session.grantEnd : undefined;
  const lost = session && !session.signedIn ? LOST[session.signedOutReason ?? ''] : undefined;

  return (
    <section aria-labelledby="settings-bank-access" className="settings-section" data-testid="bank-access">
      <h3 id="settings-bank-access">{t('grant.settings.title')}</h3>
      {grantEnd !== undefined ? (
        <>
          <p>{grantEndWords(t, locale, session?.daysLeft ?? 0, grantEnd).sentence}</p>
          <p>{t('grant.settings.withdraw')}</p>
        </>
      ) : (
        <p>{t(lost ?? 'grant.settings.none')}</p>
      )}
    </section>
  );
}
