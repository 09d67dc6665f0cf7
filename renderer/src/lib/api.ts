import type { WalletApi } from '../../../common/bridge-contract.ts';
import type { Result } from '../../../common/result.ts';

declare global {
  interface Window {
    readonly wallet: WalletApi;
  }
}

/**
 * The renderer's only way to the main process. Components take the wallet from context (see WalletProvider), so
 * tests give them a fake, and nothing in the renderer knows whether Electron's preload or the browser harness
 * sits behind it.
 */
export function getWallet(): WalletApi {
  if (typeof window === 'undefined' || !('wallet' in window)) {
    throw new Error('window.wallet is missing: the page was opened outside the app');
  }
  return window.wallet;
}

/** A refusal from the main process, with the code the UI explains; or `UNREACHABLE` when no answer came. */
export class ApiError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** The value of a call, or an ApiError. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch {
    throw new ApiError('UNREACHABLE', 'The app could not reach its main process');
  }
  if (!result.ok) throw new ApiError(result.error.code, result.error.message);
  return result.value;
}

export const errorCode = (error: unknown): string => (error instanceof ApiError ? error.code : 'INTERNAL');
