import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DailyLimitView, WalletApi } from '../../../../common/bridge-contract.ts';
import type { DueList } from '../../../../common/due-payment.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import type { AppStore, PayDraft } from '../../state/app-store.ts';
import type { ScheduleForm } from './schedule-form.ts';

/** The schedule editor on the pay form: a new payment that comes due, or a change of one (`id`). */
export interface ScheduleEditing {
  /** Tells one opening from the next (the editor takes the focus at each). */
  seq: number;
  id?: string;
  form: ScheduleForm;
  /** A change: the date up to which the payment is handled, so the preview passes over what is paid. */
  handled?: string;
  /** A change: what the pay form held before the payment filled it; Cancel gives it back. */
  before?: PayDraft;
}

export interface DueState {
  /** The Due list as main last answered it: its `today` is the day every date on screen is reckoned from. */
  list?: DueList;
  /** Why the list could not be read. */
  error?: string;
  editor?: ScheduleEditing;
  /** What the last action did, said under the list's heading (a skip, a stop, a save). */
  said?: string;
  actions: DueActions;
}

export interface DueActions {
  /** Reads the list again; the last answer wins. */
  load(): void;
  /** An action's answer: the list as main has it now. */
  take(list: DueList): void;
  openEditor(editing: Omit<ScheduleEditing, 'seq'>): void;
  closeEditor(): void;
  say(text: string | undefined): void;
  /**
   * Follows the app store while the pay screen is open: a payment that changed (one paying a due occurrence, its
   * outcome), a new sign-in and a new day of main's read the list again. Returns the unsubscribe.
   */
  listen(): () => void;
}

export type DueStore = StoreApi<DueState>;

const whose = (state: ReturnType<AppStore['getState']>) =>
  state.session?.signedIn ? `${state.session.profileId}|${state.session.maskedKennitala ?? ''}` : undefined;

/**
 * Whether a payment's change can change the list as last read: only for a list with payments on it, when one of them
 * is paid by this payment, or when what is left of today's limit (with the change, as main told it) is not what the
 * list judged `overLimit` by. A list not read yet is read.
 */
function changes(list: DueList | undefined, paymentId: string, limit: DailyLimitView | undefined): boolean {
  if (!list) return true;
  if (list.items.length === 0) return false;
  if (list.items.some((item) => item.paying?.intentId === paymentId)) return true;
  return limit === undefined || limit.remaining !== list.remainingToday;
}

/** Payments that come due, as the pay screen shows them (common/due-payment.ts): the list and the schedule editor. */
export function createDueStore(wallet: WalletApi, app: AppStore): DueStore {
  return createStore<DueState>()((set, get) => {
    let generation = 0;
    let seq = 0;
    const signedIn = () => app.getState().session?.signedIn ?? false;
    const actions: DueActions = {
      load() {
        if (!signedIn()) return;
        const mine = ++generation;
        unwrap(wallet.listDue()).then(
          (list) => {
            if (mine === generation) set({ list, error: undefined });
          },
          (error: unknown) => {
            if (mine === generation) set({ error: errorCode(error) });
          },
        );
      },
      take(list) {
        generation += 1;
        set({ list, error: undefined });
      },
      openEditor(editing) {
        set({ editor: { ...editing, seq: ++seq } });
      },
      closeEditor() {
        set({ editor: undefined });
      },
      say(said) {
        set({ said });
      },
      listen() {
        actions.load();
        const { events } = app.getState();
        const stops = [
          app.subscribe((state, before) => {
            // Another customer or profile (or nobody): what was shown of the one before goes.
            if (whose(state) !== whose(before)) {
              generation += 1;
              set({ list: undefined, error: undefined, editor: undefined, said: undefined });
              actions.load();
              return;
            }
            const change = state.paymentChange;
            if (
              change &&
              change !== before.paymentChange &&
              changes(get().list, change.id, state.limit !== before.limit ? state.limit : undefined)
            )
              actions.load();
          }),
          // A notification of payments due was clicked, or main's day moved on: what is due is read again.
          events.on('dueOpened', () => actions.load()),
          events.on('dayChanged', () => actions.load()),
        ];
        return () => stops.forEach((stop) => stop());
      },
    };
    return { actions };
  });
}
