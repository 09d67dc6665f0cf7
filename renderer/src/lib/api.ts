import type { WalletApi } from '../../../common/bridge-contract.ts';

declare global {
  interface Window {
    readonly wallet: WalletApi;
  }
}

/**
 * The renderer's only way to the main process. Components take it from here, so tests give them a fake,
 * and nothing in the renderer knows whether Electron's preload or the browser harness sits behind it.
 */
export function getWallet(): WalletApi {
  if (typeof window === 'undefined' || !('wallet' in window)) {
    throw new Error('window.wallet is missing: the page was opened outside the app');
  }
  return window.wallet;
}
