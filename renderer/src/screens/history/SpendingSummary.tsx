import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { SpendingSummary as Summary } from '../../../../common/spending.ts';
import { lazyPart } from '../../components/LazyPart.tsx';
import { useT } from '../../i18n/index.ts';
import { unwrap } from '../../lib/api.ts';
import { useApp, useWallet, useWalletEvent } from '../../state/wallet-context.tsx';
import type { HistoryStore } from './history-store.ts';
import { counted } from './spending-counted.ts';
import { emptyRange, rangeAsk, type RangeForm } from './spending-range.ts';
import './spending.css';

/** The totals, the chart and the table: loaded the first time a summary is there to show. */
const SpendingBody = lazyPart(() => import('./SpendingBody.tsx').then((m) => m.SpendingBody));

/**
 * What was spent (issue 29), at the top of the History screen, folded away until opened: today, this week and this
 * month, the last 12 months as bars (for the eye; hidden from screen readers) and as a table, the days the customer
 * chooses, and by payee (over those days, else over the whole history held). Asked of main again whenever a payment
 * changes, another customer signs in or the chosen days become another range; days that make no range main accepts
 * are never sent (the summary is then asked for without one). When History opens, or shows another customer, its
 * first page brings the summary (`store`'s `spending`): it is not asked for again.
 */
export function SpendingSummary({ store }: { store: HistoryStore }) {
  const wallet = useWallet();
  const t = useT();
  const locale = useApp((state) => state.locale);
  const change = useApp((state) => state.paymentChange);
  /** Main's day moved on: today, this week and this month are other days now (counted here, not in the store). */
  const [mainDay, setMainDay] = useState(0);
  useWalletEvent('dayChanged', () => setMainDay((day) => day + 1));
  const owner = useApp((state) => `${state.session?.profileId ?? ''}|${state.session?.maskedKennitala ?? ''}`);
  const [form, setForm] = useState<RangeForm>(emptyRange);
  const ask = rangeAsk(form);
  const from = ask.kind === 'range' ? ask.range.from : undefined;
  const to = ask.kind === 'range' ? ask.range.to : undefined;
  const [summary, setSummary] = useState<Summary | undefined>(undefined);
  /** The range (or none: '') the last failed request asked for. */
  const [failedFor, setFailedFor] = useState<string | undefined>(undefined);
  const key = rangeKey(from, to);
  const brought = useStore(store, (state) => state.spending);
  /** Waiting for the summary the list's first page brings, rather than asking. */
  const awaiting = useRef(false);
  /** The payment change and main's day the last run saw: either moved on, the page's summary may be older. */
  const seen = useRef<{ change: unknown; mainDay: number }>(undefined);

  useEffect(() => {
    let live = true;
    const range = from !== undefined && to !== undefined ? { from, to } : undefined;
    const moved = seen.current !== undefined && (seen.current.change !== change || seen.current.mainDay !== mainDay);
    seen.current = { change, mainDay };
    awaiting.current = !range && !moved && store.getState().spending?.status === 'coming';
    if (awaiting.current) return;
    unwrap(wallet.spendingSummary(range ? { range } : {})).then(
      (answer) => {
        if (!live) return;
        setSummary(answer);
        setFailedFor(undefined);
      },
      () => {
        if (live) setFailedFor(rangeKey(from, to));
      },
    );
    return () => {
      live = false;
    };
  }, [wallet, store, change, owner, from, to, mainDay]);

  useEffect(() => {
    if (!awaiting.current || !brought || brought.status === 'coming') return;
    if (brought.status === 'failed') {
      // Still awaited: "Try again" on the list brings it.
      setFailedFor('');
      return;
    }
    awaiting.current = false;
    setSummary(brought.summary);
    setFailedFor(undefined);
  }, [brought]);

  return (
    <details className="spending" data-testid="spending">
      <summary>{t('spending.title')}</summary>
      {failedFor !== undefined && !summary ? (
        <p className="spending-state" role="alert" data-testid="spending-error">
          {t('spending.loadFailed')}
        </p>
      ) : !summary ? null : nothingCounted(summary) ? (
        <p className="spending-state" data-testid="spending-none">
          {t('spending.none')}
        </p>
      ) : (
        <SpendingBody
          summary={summary}
          locale={locale}
          form={form}
          ask={ask}
          failed={failedFor === key}
          onForm={(patch) => setForm((current) => ({ ...current, ...patch }))}
        />
      )}
    </details>
  );
}

const rangeKey = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? '' : `${String(from)}-${String(to)}`;

/** Nothing in the whole history held counts (asked without a range: by payee is then over all of it). */
function nothingCounted(summary: Summary): boolean {
  return (
    !summary.range &&
    summary.byPayee.payees.length === 0 &&
    summary.byPayee.others.payees === 0 &&
    counted(summary.month) === 0 &&
    summary.months.every((month) => counted(month) === 0)
  );
}
