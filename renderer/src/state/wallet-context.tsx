import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { EventChannel, WalletApi } from '../../../common/bridge-contract.ts';
import { LocaleProvider } from '../i18n/index.ts';
import type { AppState, AppStore } from './app-store.ts';
import type { WalletEventListener } from './events.ts';

interface WalletContextValue {
  wallet: WalletApi;
  store: AppStore;
}

const WalletContext = createContext<WalletContextValue | undefined>(undefined);

/** The wallet, the app store, and the language in use (for i18n's useT, which reads no store itself). */
export function WalletProvider({ wallet, store, children }: WalletContextValue & { children: ReactNode }) {
  const value = useMemo(() => ({ wallet, store }), [wallet, store]);
  const locale = useStore(store, (state) => state.locale);
  return (
    <WalletContext.Provider value={value}>
      <LocaleProvider value={locale}>{children}</LocaleProvider>
    </WalletContext.Provider>
  );
}

function useWalletContext(): WalletContextValue {
  const value = useContext(WalletContext);
  if (!value) throw new Error('useWallet outside <WalletProvider>');
  return value;
}

export const useWallet = (): WalletApi => useWalletContext().wallet;
export const useAppStore = (): AppStore => useWalletContext().store;
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useWalletContext().store, selector);
}

/** One of main's events, heard while the component is on screen (the listener as last rendered). */
export function useWalletEvent<E extends EventChannel>(name: E, listener: WalletEventListener<E>): void {
  const store = useWalletContext().store;
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => store.getState().events.on(name, (payload) => latest.current(payload)), [store, name]);
}
