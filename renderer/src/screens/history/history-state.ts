import type { StoreApi } from 'zustand/vanilla';
import type { PaymentView } from '../../../../common/bridge-contract.ts';
import type { HistoryFilter } from '../../../../common/payment.ts';
import type { SpendingSummary } from '../../../../common/spending.ts';

/** The History screen's state and actions (history-store.ts makes them). */
export interface DetailState {
  payment: PaymentView;
  refreshing: boolean;
  /** Set after a refresh that answered. */
  refreshed?: boolean;
  /** The code of the last failed refresh or look-up. */
  errorCode?: string;
}

export type ExportState =
  | { kind: 'busy' }
  | { kind: 'saved'; count: number; fileName: string; folder: string }
  | { kind: 'failed'; code: string };

export interface HistoryState {
  /** The filter asked for (the form's, once typed): what an export exports. */
  filter: HistoryFilter;
  /** The filter of the rows on screen; behind `filter` while `busy`. */
  shownFilter: HistoryFilter;
  /** `loading` while there is nothing to show yet; `ready` once there is (an empty list included). */
  status: 'loading' | 'ready' | 'error';
  /** Another filter's first page is on its way; the rows of the previous one stay on screen until it comes. */
  busy: boolean;
  errorCode?: string;
  total: number;
  /** Loaded pages by page number (index / PAGE_SIZE). */
  pages: ReadonlyMap<number, readonly PaymentView[]>;
  detail?: DetailState;
  exportState?: ExportState;
  /** What was spent, as the first page of a load that empties the list brought it (see SpendingSummary.tsx). */
  spending?: BroughtSpending;
  actions: HistoryActions;
}

/** A new object for each load that brings it: `coming` while its page is on its way. */
export type BroughtSpending =
  { status: 'coming' } | { status: 'failed' } | { status: 'ready'; summary: SpendingSummary };

export interface HistoryActions {
  /** Shows another filter: starts again from the first page. Equal filters change nothing. */
  setFilter(filter: HistoryFilter): void;
  /**
   * Loads the first page of the current filter. With `clear` (the first load, "Try again", another profile) the
   * list empties at once; without it (another filter) the rows on screen stay until the new ones come.
   */
  load(options?: { clear?: boolean }): void;
  /** Something changed: reloads what is on screen without emptying the list first. */
  reload(): void;
  /** The rows from `first` to `last` are (about to be) on screen: loads the pages they are on. */
  ensureRange(first: number, last: number): void;
  open(payment: PaymentView): void;
  close(): void;
  refreshStatus(): Promise<void>;
  /** `notes`: the customer's private notes as a column (only when they tick it, issue 42). */
  exportCsv(notes?: boolean): Promise<void>;
  dismissExport(): void;
  /**
   * Follows the app store while the screen is open: a payment that changed (what the app store took of main's
   * events, stale ones already dropped) shows at once, and another profile or customer loads their list. Returns
   * the unsubscribe.
   */
  listen(): () => void;
}

export type HistoryStore = StoreApi<HistoryState>;
