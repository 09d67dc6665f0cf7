import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { WalletApi } from '../../../common/bridge-contract.ts';
import type { AppState, AppStore } from '../state/app-store.ts';

interface WalletContextValue {
  wallet: WalletApi;
  store: AppStore;
}

const WalletContext = createContext<WalletContextValue | undefined>(undefined);

export function WalletProvider({ wallet, store, children }: WalletContextValue & { children: ReactNode }) {
  return <WalletContext.Provider value={{ wallet, store }}>{children}</WalletContext.Provider>;
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
