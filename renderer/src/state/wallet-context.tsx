import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { WalletApi } from '../../../common/bridge-contract.ts';
import { LocaleProvider } from '../i18n/index.ts';
import type { AppState, AppStore } from './app-store.ts';

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
