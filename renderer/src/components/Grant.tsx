import { useT, type MessageKey } from '../i18n/index.ts';
import { formatDate, formatTimeOfDay } from '../i18n/format.ts';
import { useApp } from '../state/wallet-context.tsx';
import { SignInPanel } from './SignInPanel.tsx';
import { Dialog } from './Dialog.tsx';
import { HelpLink } from './HelpLink.tsx';
import { grantEndWords } from './grant-end-words.ts';

/**
 * From 14 days before the grant ends: a banner with a way to renew (a new sign-in starts a new 90 days). It names the
 * date, and on the last two days the time of day (grant-end-words.ts).
 */
export function GrantBanner() {
  const t = useT();
  const session = useApp((state) => state.session);
  const locale = useApp((state) => state.locale);
  const actions = useApp((state) => state.actions);
  if (!session?.signedIn || !session.reminder || session.signingIn || session.grantEnd === undefined) return null;
  const { sentence } = grantEndWords(t, locale, session.daysLeft ?? 0, session.grantEnd);
  return (
    <div className="grant-banner" role="status" data-testid="grant-banner" tabIndex={-1}>
      <span>{sentence}</span>{' '}
      <button type="button" onClick={() => void actions.signIn()}>
        {t('grant.renew')}
      </button>
    </div>
  );
}

export const LOST_SESSION: ReadonlySet<string> = new Set(['grant-ended', 'revoked', 'expired']);

/**
 * What the prompt says for each way the session was lost, once: its title, and one sentence of what happened and what
 * to do (the panel under it does not say the reason a second time). Access withdrawn at the bank is not "the 90 days
 * are over".
 */
const LOST: Record<string, { title: MessageKey; text: MessageKey }> = {
  'grant-ended': { title: 'grant.endedTitle', text: 'grant.endedText' },
  revoked: { title: 'grant.revokedTitle', text: 'signIn.signedOut.revoked' },
  expired: { title: 'grant.expiredTitle', text: 'signIn.signedOut.expired' },
};

/**
 * The last day: a dialog (once per run). After the end, or when the bank withdrew access: a blocking prompt to
 * sign in again, over whatever the customer was doing, which stays as it was.
 */
export function GrantDialogs() {
  const t = useT();
  const session = useApp((state) => state.session);
  const reminder = useApp((state) => state.reminderDialog);
  const locale = useApp((state) => state.locale);
  const actions = useApp((state) => state.actions);

  const lost = session && !session.signedIn ? LOST[session.signedOutReason ?? ''] : undefined;
  if (lost) {
    return (
      <Dialog title={t(lost.title)} blocking>
        <p>{t(lost.text)}</p>
        <SignInPanel button="grant.signInAgain" reasonShown />
        {/* The 90 days over (not access withdrawn): what that means, after the way forward, which the focus starts on. */}
        {session?.signedOutReason === 'grant-ended' && (
          <p>
            <HelpLink topic="grantEnds" />
          </p>
        )}
      </Dialog>
    );
  }
  if (reminder && session?.signedIn && !session.signingIn) {
    // The session's count, as main keeps it current: the dialog opened the evening before says "today" after midnight.
    const daysLeft = session.grantEnd === reminder.grantEnd ? (session.daysLeft ?? 0) : reminder.daysLeft;
    return (
      <Dialog
        title={grantEndWords(t, locale, daysLeft, reminder.grantEnd).title}
        onClose={() => actions.dismissReminder()}
        // The last day's dialog often comes by itself, with nothing focused: Later leaves the customer on the banner
        // that says the same and keeps the way to renew.
        returnFocus={() => document.querySelector<HTMLElement>('[data-testid="grant-banner"]')}
      >
        <p>
          {t('grant.dialogText', {
            date: formatDate(reminder.grantEnd, locale),
            time: formatTimeOfDay(reminder.grantEnd, locale),
          })}
        </p>
        <div className="actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              actions.dismissReminder();
              void actions.signIn();
            }}
          >
            {t('grant.renew')}
          </button>
          <button type="button" onClick={() => actions.dismissReminder()}>
            {t('grant.later')}
          </button>
        </div>
        <p>
          <HelpLink topic="grantEnds" />
        </p>
      </Dialog>
    );
  }
  return null;
}
