import { useT } from '../i18n/index.ts';
import type { Screen } from '../state/app-store.ts';
import { useApp } from '../state/wallet-context.tsx';

const SCREENS: Screen[] = ['pay', 'history', 'profiles', 'settings'];
/** The tester's screen, after the others: only where main says the active profile shows it (issue 30). */
const TESTER_SCREENS: Screen[] = ['calls'];

/**
 * The app's name, who is signed in (with Sign out), and the navigation between the screens: History with the count of
 * outcomes not yet seen, the tester's screen where main says so, and Lock now once a passcode is set.
 */
export function AppHeader() {
  const t = useT();
  const appInfo = useApp((state) => state.appInfo);
  const screen = useApp((state) => state.screen);
  const session = useApp((state) => state.session);
  const passcodeSet = useApp((state) => state.lock?.passcodeSet ?? false);
  const unseen = useApp((state) => state.unseenOutcomes.length);
  const calls = useApp((state) => state.testerTools?.calls ?? false);
  const actions = useApp((state) => state.actions);
  const screens = calls ? [...SCREENS, ...TESTER_SCREENS] : SCREENS;
  return (
    <header className="app-header">
      <div className="brand">
        <h1 data-testid="app-name">{appInfo?.name}</h1>
        {session?.signedIn && (
          <p className="who">
            <span data-testid="signed-in-as">
              {t('session.signedInAs', { name: session.name ?? '', kennitala: session.maskedKennitala ?? '' })}
            </span>{' '}
            <button type="button" className="link" onClick={() => void actions.signOut()}>
              {t('session.signOut')}
            </button>
          </p>
        )}
      </div>
      <nav aria-label={t('nav.label')}>
        <ul>
          {screens.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="nav-item"
                aria-current={screen === name ? 'page' : undefined}
                onClick={() => actions.go(name)}
              >
                {t(`nav.${name}`)}
                {name === 'history' && unseen > 0 && (
                  <>
                    {' '}
                    <span className="badge" data-testid="history-badge">
                      {t('nav.historyBadge', { count: String(unseen) })}
                    </span>
                  </>
                )}
              </button>
            </li>
          ))}
          {passcodeSet && (
            <li>
              <button type="button" className="nav-item" onClick={() => void actions.lockNow()} data-testid="lock-now">
                {t('lock.lockNow')}
              </button>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
