import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useErrorText } from '../components/ErrorText.tsx';
import { HistoryTrustBanner } from '../components/HistoryTrust.tsx';
import { useT } from '../i18n/index.ts';
import { formatNumber } from '../i18n/format.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { focusIsLost, focusOn, useFocusAfter } from '../lib/focus.ts';
import { useApp, useAppStore, useWallet } from '../state/wallet-context.tsx';
import { emptyForm, isFiltered, toFilter, type FilterForm } from './history/filter-form.ts';
import { createHistoryStore, type HistoryStore } from './history/history-store.ts';
import { HISTORY_FILTERS_ID, HistoryFilters } from './history/HistoryFilters.tsx';
import { HistoryList } from './history/HistoryList.tsx';
import { PaymentDetail } from './history/PaymentDetail.tsx';
import { SpendingSummary } from './history/SpendingSummary.tsx';
import { pluralKey } from './history/show.ts';
import './history/history.css';

/** Typing in the payee and text boxes asks the main process once the customer pauses, not on every key. */
export const TYPING_DELAY_MS = 250;

/** Every payment of the active profile: filtered, opened one by one, and exported as CSV. */
export function HistoryScreen() {
  const wallet = useWallet();
  const app = useAppStore();
  const [store] = useState(() => createHistoryStore(wallet, app));
  const t = useT();
  const [form, setForm] = useState<FilterForm>(emptyForm);
  const typed = useDebounced({ payee: form.payee, text: form.text }, TYPING_DELAY_MS);
  const filter = useMemo(() => toFilter({ ...form, ...typed }), [form, typed]);
  const actions = useStore(store, (state) => state.actions);
  const focusAfter = useFocusAfter();
  // Clear filters goes with the filters it cleared, the focus on it: the filters take it, not the page (issue 42).
  const clear = () => {
    setForm(emptyForm());
    focusAfter(() => document.getElementById(HISTORY_FILTERS_ID));
  };

  // While the screen is open its store loads the list and follows what changes in the main process. A layout effect,
  // so the first page is asked for before the parts' own questions (the trust banner's, the spending summary's): main
  // answers in order, and the rows are what the customer opened History for.
  useLayoutEffect(() => actions.listen(), [actions]);

  useEffect(() => {
    actions.setFilter(filter);
  }, [actions, filter]);

  // Shown to see one payment (the Due list's link to a payment under way): it opens, as its row would.
  useEffect(() => {
    const id = app.getState().actions.takeHistoryOpen();
    if (id) unwrap(wallet.getPayment({ id })).then(actions.open, () => undefined);
  }, [app, wallet, actions]);

  return (
    <section className="history-screen" aria-labelledby="history-title">
      <div className="history-head">
        <h2 id="history-title">{t('history.title')}</h2>
        <ExportButton store={store} />
      </div>
      <HistoryTrustBanner readOnOpen={false} />
      <SpendingSummary store={store} />
      <HistoryFilters
        form={form}
        onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
        onClear={clear}
      />
      <ExportMessage store={store} />
      <HistoryBody store={store} onClear={clear} />
      <PaymentDetail store={store} />
    </section>
  );
}

function HistoryBody({ store, onClear }: { store: HistoryStore; onClear: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const locale = useApp((state) => state.locale);
  const status = useStore(store, (state) => state.status);
  const total = useStore(store, (state) => state.total);
  const filter = useStore(store, (state) => state.shownFilter);
  const busy = useStore(store, (state) => state.busy);
  const code = useStore(store, (state) => state.errorCode);
  const actions = useStore(store, (state) => state.actions);

  if (status === 'loading') {
    return (
      <p className="history-state" aria-busy="true" role="status" data-testid="history-loading">
        {t('history.loading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <div className="history-state" role="alert" data-testid="history-error">
        <p>
          {t('history.loadFailed')} {errorText(code ?? 'INTERNAL')}
        </p>
        <button type="button" onClick={() => actions.load({ clear: true })}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (total === 0) {
    return isFiltered(filter) ? (
      <div className="history-state" data-testid="history-empty" aria-busy={busy || undefined}>
        <p>{t('history.noMatch')}</p>
        <button type="button" onClick={onClear}>
          {t('history.clear')}
        </button>
      </div>
    ) : (
      <p className="history-state" data-testid="history-empty" aria-busy={busy || undefined}>
        {t('history.empty')}
      </p>
    );
  }
  return (
    <div className="history-results" aria-busy={busy || undefined}>
      <div className="history-summary">
        <p aria-live="polite" data-testid="history-count">
          {t(pluralKey('history.count', total, locale), { count: formatNumber(total, locale) })}
          {busy && <span className="history-busy"> {t('history.rowLoading')}</span>}
        </p>
        <div className="history-columns" aria-hidden="true">
          <span>{t('history.col.date')}</span>
          <span>{t('history.col.payee')}</span>
          <span className="history-amount">{t('history.col.amount')}</span>
          <span>{t('history.col.status')}</span>
        </div>
      </div>
      {/* Another filter is another list: start it at the top. */}
      <HistoryList key={JSON.stringify(filter)} store={store} />
    </div>
  );
}

function ExportButton({ store }: { store: HistoryStore }) {
  const t = useT();
  const busy = useStore(store, (state) => state.exportState?.kind === 'busy');
  const actions = useStore(store, (state) => state.actions);
  // The customer's private notes go in the file only when they tick it (issue 42): a file leaves the computer.
  const [notes, setNotes] = useState(false);
  // aria-disabled, not disabled, while it works: a disabled button drops the focus to the page.
  return (
    <div className="history-export">
      <label className="checkbox">
        <input type="checkbox" checked={notes} onChange={(event) => setNotes(event.target.checked)} />
        {t('history.exportNotes')}
      </label>
      <button
        type="button"
        aria-disabled={busy || undefined}
        data-testid="export-button"
        onClick={() => {
          if (!busy) void actions.exportCsv(notes);
        }}
      >
        {busy ? t('history.exporting') : t('history.export')}
      </button>
    </div>
  );
}

function ExportMessage({ store }: { store: HistoryStore }) {
  const t = useT();
  const errorText = useErrorText();
  const locale = useApp((state) => state.locale);
  const exportState = useStore(store, (state) => state.exportState);
  const wallet = useWallet();
  const [showFailed, setShowFailed] = useState<string | undefined>(undefined);
  const saved = useRef<HTMLParagraphElement>(null);
  const failed = useRef<HTMLParagraphElement>(null);
  // The export's outcome takes the focus from the button that started it (not from wherever the customer went).
  useEffect(() => {
    const from = document.activeElement;
    if (!focusIsLost() && !(from instanceof HTMLElement && from.dataset.testid === 'export-button')) return;
    if (exportState?.kind === 'saved') focusOn(saved.current);
    else if (exportState?.kind === 'failed') focusOn(failed.current);
  }, [exportState]);
  const show = async (fileName: string) => {
    try {
      await unwrap(wallet.showExport({ fileName }));
      setShowFailed(undefined);
    } catch (error) {
      setShowFailed(errorCode(error));
    }
  };
  return (
    <>
      <p role="status" className="history-export-status" data-testid="export-status" ref={saved} tabIndex={-1}>
        {exportState?.kind === 'saved' &&
          t(pluralKey('history.exported', exportState.count, locale), {
            count: formatNumber(exportState.count, locale),
            file: exportState.fileName,
            folder: exportState.folder,
          })}
      </p>
      {exportState?.kind === 'saved' && (
        <button type="button" onClick={() => void show(exportState.fileName)}>
          {t('history.showExport')}
        </button>
      )}
      {showFailed && (
        <p role="alert" className="history-error">
          {errorText(showFailed)}
        </p>
      )}
      {exportState?.kind === 'failed' && (
        <p role="alert" className="history-error" data-testid="export-error" ref={failed} tabIndex={-1}>
          {t('history.exportFailed')} {errorText(exportState.code)}
        </p>
      )}
    </>
  );
}

/** The value, once it has stayed the same for `delay` ms. */
function useDebounced<T extends Record<string, string>>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}
