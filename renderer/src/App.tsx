import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WalletApi } from '../../common/bridge-contract.ts';
import { APP_LOCALES, localeFromLanguageTags, type AppLocale } from '../../common/locale.ts';
import { AppHeader } from './components/AppHeader.tsx';
import { EnvironmentBanner } from './components/EnvironmentBanner.tsx';
import { lazyPart } from './components/LazyPart.tsx';
import { PasscodeOffer } from './components/PasscodeOffer.tsx';
import { SettingsResetNotice } from './components/SettingsReset.tsx';
import { GrantBanner, GrantDialogs, LOST_SESSION } from './components/Grant.tsx';
import { messagesLoaded, onMessagesLoaded, translate, useT } from './i18n/index.ts';
import { useActivityReports } from './components/use-activity-reports.ts';
import { useTesterTools } from './components/use-tester-tools.ts';
import { focusOn } from './lib/focus.ts';
import { useFocusAfterChange } from './lib/use-focus-after-change.ts';
import { useApp, WalletProvider } from './state/wallet-context.tsx';
import { LockScreen } from './screens/LockScreen.tsx';
import { PayScreen } from './screens/PayScreen.tsx';
import { SettingsScreen } from './screens/SettingsScreen.tsx';
import { SignInScreen } from './screens/SignInScreen.tsx';
import { createAppStore, type AppStore } from './state/app-store.ts';

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

/**
 * Screens that paying does not need (History, the profiles, the tester's bank calls): loaded the first time they
 * open (issue 41: the first load carries what paying needs).
 */
const HistoryScreen = lazyPart(() => import('./screens/HistoryScreen.tsx').then((m) => m.HistoryScreen));
const ProfilesScreen = lazyPart(() => import('./screens/ProfilesScreen.tsx').then((m) => m.ProfilesScreen));
const BankCallsScreen = lazyPart(() => import('./screens/BankCallsScreen.tsx').then((m) => m.BankCallsScreen));

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

  // History is not in the first load, but most customers open it soon: fetched once the window has painted.
  useEffect(() => {
    const timer = window.setTimeout(() => HistoryScreen.preload(), 0);
    return () => window.clearTimeout(timer);
  }, []);

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
      <AppHeader />
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

/** The active profile's banner, while it is a test environment (the lock screen shows its own: LockScreen.tsx). */
function ActiveEnvironmentBanner() {
  const environment = useApp((state) => state.profiles?.profiles.find((profile) => profile.active)?.environment);
  return <EnvironmentBanner environment={environment} />;
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
