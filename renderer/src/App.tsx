import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WalletApi } from '../../common/bridge-contract.ts';
import { APP_LOCALES, localeFromLanguageTags, type AppLocale } from '../../common/locale.ts';
import { EnvironmentBanner } from './components/EnvironmentBanner.tsx';
import { lazyPart } from './components/LazyPart.tsx';
import { SettingsResetNotice } from './components/SettingsReset.tsx';
import { GrantBanner, GrantDialogs, LOST_SESSION } from './components/Grant.tsx';
import { messagesLoaded, onMessagesLoaded, translate, useT } from './i18n/index.ts';
import { useActivityReports } from './components/use-activity-reports.ts';
import { focusHeadingIn, focusIsLost, focusOn } from './lib/focus.ts';
import { useApp, WalletProvider } from './state/wallet-context.tsx';
import { HistoryScreen } from './screens/HistoryScreen.tsx';
import { LockScreen } from './screens/LockScreen.tsx';
import { PayScreen } from './screens/PayScreen.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { SignInScreen } from './screens/SignInScreen.tsx';
import { createAppStore, type AppStore, type Screen } from './state/app-store.ts';

/** The whole app: the wallet comes from outside (the preload, the harness, or a test's fake). */
export function App({ wallet, store }: { wallet: WalletApi; store?: AppStore }) {
  const [appStore] = useState(() => store ?? createAppStore(wallet, navigatorLocale()));
  return (
    <WalletProvider wallet={wallet} store={appStore}>
      {/* The app waits for its language's messages (i18n/index.ts): the first paint is in the saved language. */}
      <Suspense fallback={<AppLoading />}>
        <Shell />
      </Suspense>
    </WalletProvider>
  );
}

/**
 * The app's loading line while the messages of the language in use are on their way: in that language once it is
 * here, else in one that is, else (the first moment of all) without words.
 */
function AppLoading() {
  const wanted = useApp((state) => state.locale);
  const shown = useSyncExternalStore(onMessagesLoaded, () =>
    messagesLoaded(wanted) ? wanted : APP_LOCALES.find(messagesLoaded),
  );
  return (
    <main className="app">
      <p aria-busy="true">{shown ? translate(shown, 'app.loading') : ''}</p>
    </main>
  );
}

/** The language to show before the main process says which is in use: the browser's, as main picks the system's. */
function navigatorLocale(): AppLocale {
  if (typeof navigator === 'undefined') return 'en';
  return localeFromLanguageTags(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

/** Screens that paying does not need (the profiles, the tester's bank calls): loaded the first time they open. */
const ProfilesScreen = lazyPart(() => import('./screens/ProfilesScreen.tsx').then((m) => m.ProfilesScreen));
const BankCallsScreen = lazyPart(() => import('./screens/BankCallsScreen.tsx').then((m) => m.BankCallsScreen));

const SCREENS: Screen[] = ['pay', 'history', 'profiles', 'settings'];
/** The tester's screen, after the others: only where main says the active profile shows it (issue 30). */
const TESTER_SCREENS: Screen[] = ['calls'];

function Shell() {
  const t = useT();
  const phase = useApp((state) => state.phase);
  const locale = useApp((state) => state.locale);
  const actions = useApp((state) => state.actions);
  const signedIn = useApp((state) => state.session?.signedIn ?? false);
  const signingIn = useApp((state) => state.session?.signingIn ?? false);
  const main = useRef<HTMLElement>(null);
  /** The data-testid of the last control focused in the app, to go back to once it is unlocked. */
  const lastFocused = useRef<string>(undefined);
  useActivityReports();
  useFocusAfterChange(phase, `${signedIn}/${signingIn}`, main, lastFocused);
  useTesterTools();

  useEffect(() => {
    const stop = actions.listen();
    void actions.load();
    return stop;
  }, [actions]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // Coming back to the app (or a minute passing) re-reads the session: the grant's days left move on their own.
  useEffect(() => {
    const refresh = () => void actions.refreshSession();
    window.addEventListener('focus', refresh);
    const timer = window.setInterval(refresh, 60_000);
    return () => {
      window.removeEventListener('focus', refresh);
      window.clearInterval(timer);
    };
  }, [actions]);

  if (phase === 'loading') {
    return (
      <main className="app">
        <p aria-busy="true">{t('app.loading')}</p>
      </main>
    );
  }
  if (phase === 'locked') return <LockScreen />;
  if (phase === 'unreachable') {
    return (
      <main className="app">
        <p role="alert">{t('app.unreachable')}</p>
        <button type="button" onClick={() => void actions.load()}>
          {t('app.retry')}
        </button>
      </main>
    );
  }
  return (
    <div
      className="app"
      onFocus={(event) => {
        lastFocused.current = event.target instanceof HTMLElement ? event.target.dataset.testid : undefined;
      }}
    >
      {/* The first tab stop, shown when focused: past the banner, the sign-out and the navigation, to the screen. */}
      <a
        href="#main"
        className="skip-link"
        data-testid="skip-link"
        onClick={(event) => {
          // Focus, not navigation: the window never navigates, not even to a fragment (docs/WINDOW.md).
          event.preventDefault();
          focusOn(main.current);
        }}
      >
        {t('app.skipToMain')}
      </a>
      <ActiveEnvironmentBanner />
      <Header />
      <GrantBanner />
      <SettingsResetNotice />
      <main className="screen" id="main" ref={main} tabIndex={-1}>
        <CurrentScreen />
      </main>
      <PasscodeOffer />
      <GrantDialogs />
    </div>
  );
}

/**
 * When what the window shows changes under the focus (unlocked, signed in or out, a sign-in started from a control
 * that then goes), the control that had it is gone and the focus would fall to the page. It goes to where the customer
 * was, if that is on the page again (after unlocking: the field they were typing in), else to the screen's heading.
 * Only when lost: a screen that took it itself (a dialog, a Cancel button) keeps it, and the app's first showing
 * leaves it where the window put it, so the skip link is the first Tab.
 */
function useFocusAfterChange(
  phase: string,
  session: string,
  main: React.RefObject<HTMLElement | null>,
  lastFocused: React.RefObject<string | undefined>,
) {
  const shown = useRef<{ phase: string; session: string }>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = { phase, session };
    if (phase !== 'ready' || !before || before.phase === 'loading' || !focusIsLost()) return;
    const was = before.phase === 'locked' ? lastFocused.current : undefined;
    const again = was
      ? [...(main.current?.querySelectorAll<HTMLElement>('[data-testid]') ?? [])].find((e) => e.dataset.testid === was)
      : undefined;
    if (!focusOn(again)) focusHeadingIn(main.current);
  }, [phase, session, main, lastFocused]);
}

/**
 * Which tester's tools to show is main's to say, for the active profile as it is: asked again when the profile, its
 * environment or its session changes (a sign-in, say, as the sandbox's panel then knows the grant's end).
 */
function useTesterTools() {
  const phase = useApp((state) => state.phase);
  const actions = useApp((state) => state.actions);
  const key = useApp((state) => {
    const active = state.profiles?.profiles.find((profile) => profile.active);
    return `${active?.id ?? ''}|${active?.environment ?? ''}|${String(state.session?.signedIn ?? false)}`;
  });
  useEffect(() => {
    if (phase === 'ready') void actions.readTesterTools();
  }, [phase, key, actions]);
}

/**
 * Offered once signed in, while no passcode is set: a note under the screen, not a dialog, so nothing waits on it and
 * the pay form keeps its place. "Not now" hides it for this run; Settings has the same form.
 */
function PasscodeOffer() {
  const t = useT();
  const [dismissed, setDismissed] = useState(false);
  const offer = useApp((state) => state.session?.signedIn === true && state.lock?.passcodeSet === false);
  const actions = useApp((state) => state.actions);
  const screen = useApp((state) => state.screen);
  if (!offer || dismissed || screen === 'settings') return null;
  return (
    <aside className="passcode-offer" aria-labelledby="passcode-offer-title" data-testid="passcode-offer">
      <p>
        <strong id="passcode-offer-title">{t('lock.offerTitle')}</strong> {t('lock.offerText')}
      </p>
      <button type="button" onClick={() => actions.go('settings')}>
        {t('lock.set')}
      </button>
      <button type="button" className="link" onClick={() => setDismissed(true)}>
        {t('lock.offerLater')}
      </button>
    </aside>
  );
}

/** The active profile's banner, while it is a test environment (the lock screen shows its own: LockScreen.tsx). */
function ActiveEnvironmentBanner() {
  const environment = useApp((state) => state.profiles?.profiles.find((profile) => profile.active)?.environment);
  return <EnvironmentBanner environment={environment} />;
}

function Header() {
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

function CurrentScreen() {
  const screen = useApp((state) => state.screen);
  // A session lost mid-way (grant ended, access withdrawn) keeps the pay screen under the sign-in prompt, so the
  // customer comes back to where they were.
  const payable = useApp(
    (state) => (state.session?.signedIn ?? false) || LOST_SESSION.has(state.session?.signedOutReason ?? ''),
  );
  switch (screen) {
    case 'history':
      return <HistoryScreen />;
    case 'profiles':
      return <ProfilesScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'calls':
      return <BankCallsScreen />;
    case 'pay':
      return payable ? <PayScreen /> : <SignInScreen />;
  }
}
