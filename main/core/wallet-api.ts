import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { AppLog } from '../log/app-log.ts';
import type { WalletEvent } from './event-bus.ts';

/** The core as its host sees it: what `createWallet` (main/wallet.ts) returns. */
export interface Wallet {
  /** One handler per invoke channel: the same table serves Electron's IPC and the browser harness. */
  handlers: HandlerTable;
  /** The app's own log: what went wrong that the customer sees only as a message (issue 39). */
  log: AppLog;
  onEvent(listener: (event: WalletEvent) => void): () => void;
  /**
   * One tick of the core's own schedule, now (main/core/core-tick.ts): locks the app after the idle minutes, tells
   * the window of a new day, announces a grant reminder that has become due, follows up the signed-in customer's
   * payments whose outcome is not known yet (see FollowUp) and tells of payments that came due. The core ticks by
   * itself every FOLLOW_UP_TICK_MS and whenever its clock is moved; resolves when the round is over.
   */
  tick(): Promise<void>;
  /** Resolves once no tick of the core's own schedule is waiting or running (tests wait for it). */
  idle(): Promise<void>;
  /**
   * The system opened the app with a link (its protocol handler: `open-url` on macOS, a second instance's arguments
   * elsewhere): a payment request is read and kept for the window, which is told (it never pays by itself).
   */
  openLink(link: string): void;
  /** Locks the app now (the menu item and its shortcut). */
  lockNow(): void;
  /** The language in use, for what the main process shows itself (menus, dialogs). */
  locale(): AppLocale;
  /** Called when the language in use, or the list of profiles (and so the bank sites), changes. */
  onHostChange(listener: () => void): () => void;
  /** The addresses of every profile's bank: the sites a link may open in the system browser. */
  bankUrls(): string[];
  close(): Promise<void>;
}
