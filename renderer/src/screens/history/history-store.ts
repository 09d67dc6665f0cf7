import { createStore } from 'zustand/vanilla';
import type { PaymentView, WalletApi } from '../../../../common/bridge-contract.ts';
import type { HistoryFilter } from '../../../../common/payment.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import type { AppState, AppStore } from '../../state/app-store.ts';
import type { BroughtSpending, HistoryActions, HistoryState, HistoryStore } from './history-state.ts';

export type * from './history-state.ts';

/** Rows asked of the main process at a time: a screenful is about 10, a fast fling a few hundred. */
export const PAGE_SIZE = 250;

export const itemAt = (state: Pick<HistoryState, 'pages'>, index: number): PaymentView | undefined =>
  state.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];

const sameFilter = (a: HistoryFilter, b: HistoryFilter) => JSON.stringify(a) === JSON.stringify(b);

/** Whose payments the list shows: the profile's, and its signed-in customer's once one is. */
const ownerOf = (state: AppState) => ({
  profileId: state.session?.profileId,
  customer: state.session?.maskedKennitala,
});

/** The history screen's state: pages of the list fetched as they come into view, the open payment, the export. */
export function createHistoryStore(wallet: WalletApi, app: AppStore): HistoryStore {
  return createStore<HistoryState>()((set, get) => {
    /** Answers from an older generation (another filter, an older reload) are dropped. */
    let generation = 0;
    const pending = new Set<number>();
    let visible = { first: 0, last: 0 };
    let reloading = false;
    let reloadAgain = false;

    /** A first page shown afresh also brings the history's integrity and what was spent (with no range). */
    const fetchPage = (page: number, afresh = false) =>
      unwrap(
        wallet.historyPage({
          filter: get().filter,
          offset: page * PAGE_SIZE,
          limit: PAGE_SIZE,
          ...(afresh ? { withIntegrity: true, withSpending: {} } : {}),
        }),
      );

    /** A payment main answered with: the app store keeps the newest version, which is the one shown. */
    const answered = (payment: PaymentView) => replaceEverywhere(app.getState().actions.notePayment(payment));

    /** The payment put in place of its row wherever it is loaded, and in the details; whether a row had it. */
    const replaceEverywhere = (payment: PaymentView): boolean => {
      const { pages, detail } = get();
      let changed = false;
      const next = new Map(pages);
      for (const [number, items] of pages) {
        const at = items.findIndex((item) => item.id === payment.id);
        if (at < 0) continue;
        next.set(number, items.with(at, payment));
        changed = true;
      }
      if (changed) set({ pages: next });
      if (detail?.payment.id === payment.id) set({ detail: { ...detail, payment } });
      return changed;
    };

    const actions: HistoryActions = {
      setFilter(filter) {
        if (sameFilter(filter, get().filter)) return;
        set({ filter });
        actions.load();
      },

      load({ clear = false } = {}) {
        const mine = ++generation;
        const filter = get().filter;
        pending.clear();
        if (clear || get().status !== 'ready') {
          set({ status: 'loading', busy: false, errorCode: undefined, total: 0, pages: new Map() });
        } else {
          set({ busy: true });
        }
        // A list shown afresh brings whether the history can be trusted (the banner above shows it) and what was
        // spent (the summary above the list): one round trip, not three. Neither depends on the filter.
        const trust = app.getState().actions;
        const whose = clear ? trust.historyOwner() : undefined;
        const spending = clear ? { status: 'coming' as const } : undefined;
        if (spending) set({ spending });
        const brought = (next: BroughtSpending) => {
          if (spending && get().spending === spending) set({ spending: next });
        };
        fetchPage(0, clear).then(
          (page) => {
            if (page.integrity) trust.noteHistoryTrust(page.integrity, whose);
            brought(page.spending ? { status: 'ready', summary: page.spending } : { status: 'failed' });
            if (mine !== generation) return;
            set({
              status: 'ready',
              busy: false,
              shownFilter: filter,
              total: page.total,
              pages: new Map([[0, page.items]]),
            });
          },
          (error: unknown) => {
            brought({ status: 'failed' });
            if (mine !== generation) return;
            set({ status: 'error', busy: false, errorCode: errorCode(error) });
          },
        );
      },

      reload() {
        if (get().status !== 'ready' || get().busy) return actions.load();
        if (reloading) {
          reloadAgain = true;
          return;
        }
        reloading = true;
        const mine = ++generation;
        pending.clear();
        const wanted = new Set([0]);
        for (let page = Math.floor(visible.first / PAGE_SIZE); page <= Math.floor(visible.last / PAGE_SIZE); page++) {
          wanted.add(page);
        }
        const numbers = [...wanted];
        Promise.all(numbers.map((number) => fetchPage(number)))
          .then(
            (answers) => {
              if (mine !== generation) return;
              const pages = new Map<number, readonly PaymentView[]>();
              answers.forEach((answer, at) => pages.set(numbers[at] ?? 0, answer.items));
              const total = answers[0]?.total ?? 0;
              set({ status: 'ready', total, pages });
            },
            (error: unknown) => {
              if (mine !== generation) return;
              set({ status: 'error', errorCode: errorCode(error) });
            },
          )
          .finally(() => {
            reloading = false;
            if (reloadAgain) {
              reloadAgain = false;
              actions.reload();
            }
          });
      },

      ensureRange(first, last) {
        visible = { first, last };
        const { status, total, pages } = get();
        if (status !== 'ready' || get().busy || total === 0 || reloading) return;
        const mine = generation;
        const lastPage = Math.floor(Math.min(last, total - 1) / PAGE_SIZE);
        for (let page = Math.floor(Math.max(first, 0) / PAGE_SIZE); page <= lastPage; page++) {
          if (pages.has(page) || pending.has(page)) continue;
          pending.add(page);
          fetchPage(page).then(
            (answer) => {
              if (mine !== generation) return;
              pending.delete(page);
              // A changed total means the list moved under us: show it afresh rather than mix two versions.
              if (answer.total !== get().total) return actions.reload();
              set({ pages: new Map(get().pages).set(page, answer.items) });
            },
            (error: unknown) => {
              if (mine !== generation) return;
              pending.delete(page);
              set({ status: 'error', errorCode: errorCode(error) });
            },
          );
        }
      },

      open(payment) {
        set({ detail: { payment, refreshing: false } });
        // The row may be a moment old: show it at once, then what the main process has now.
        unwrap(wallet.getPayment({ id: payment.id })).then(
          (fresh) => {
            if (get().detail?.payment.id === fresh.id) answered(fresh);
          },
          (error: unknown) => {
            const detail = get().detail;
            if (detail?.payment.id === payment.id) set({ detail: { ...detail, errorCode: errorCode(error) } });
          },
        );
      },

      close() {
        set({ detail: undefined });
      },

      async refreshStatus() {
        const detail = get().detail;
        if (!detail || detail.refreshing) return;
        set({ detail: { ...detail, refreshing: true, refreshed: false, errorCode: undefined } });
        try {
          // The bank took it: its status; an unknown outcome: the same request id again (main decides which).
          const { id, state } = detail.payment;
          const payment = await unwrap(state === 'accepted' ? wallet.refreshStatus({ id }) : wallet.checkAgain({ id }));
          answered(payment);
          const now = get().detail;
          if (now?.payment.id === payment.id) set({ detail: { ...now, refreshing: false, refreshed: true } });
        } catch (error) {
          const now = get().detail;
          if (now?.payment.id === detail.payment.id) {
            set({ detail: { ...now, refreshing: false, errorCode: errorCode(error) } });
          }
        }
      },

      async exportCsv(notes = false) {
        if (get().exportState?.kind === 'busy') return;
        set({ exportState: { kind: 'busy' } });
        try {
          const result = await unwrap(
            wallet.exportHistory({ filter: get().filter, ...(notes ? { includeNotes: true } : {}) }),
          );
          set({
            exportState: result.saved
              ? { kind: 'saved', count: result.count, fileName: result.fileName ?? '', folder: result.folder ?? '' }
              : undefined,
          });
        } catch (error) {
          set({ exportState: { kind: 'failed', code: errorCode(error) } });
        }
      },

      dismissExport() {
        set({ exportState: undefined });
      },

      listen() {
        let owner = ownerOf(app.getState());
        actions.load({ clear: true });
        return app.subscribe((state, before) => {
          const now = ownerOf(state);
          // Signing out keeps the list (a lost session's history stays readable); another customer does not.
          if (now.profileId !== owner.profileId || (now.customer && now.customer !== owner.customer)) {
            owner = now;
            return actions.load({ clear: true });
          }
          if (state.paymentChange && state.paymentChange !== before.paymentChange) {
            // Already the newest version (main numbers every change): its row and the details take it in place. The
            // list is read again only for a payment not on it yet (a new one) or under a filter of states, which a
            // change can move it in or out of; nothing else a filter looks at changes with a payment's state.
            const patched = replaceEverywhere(state.paymentChange);
            if (!patched || get().shownFilter.states !== undefined) actions.reload();
          }
        });
      },
    };

    return { filter: {}, shownFilter: {}, status: 'loading', busy: false, total: 0, pages: new Map(), actions };
  });
}
