import { session } from 'electron';
import { useChromiumNetwork } from './network.ts';

/** The session bank calls use: in memory only, so no cookie or cache of a bank's is kept, or shared with the page. */
export const BANK_PARTITION = 'a2a-wallet-banks';

/**
 * From now on every call to a bank goes through Chromium's network stack (the system's proxy, PAC and certificate
 * store), in a session of its own. Call once the app is ready.
 */
export function useChromiumForBanks(): void {
  const banks = session.fromPartition(BANK_PARTITION, { cache: false });
  // Electron's fetch takes a string or a Request; a URL is passed as its string.
  useChromiumNetwork((input, init) => banks.fetch(input instanceof URL ? input.href : input, init));
}
