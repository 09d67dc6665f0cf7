import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { displayAccount } from '../../../../common/account-number.ts';
import type { PaymentView } from '../../../../common/bridge-contract.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { useT } from '../../i18n/index.ts';
import { formatAmount, formatDateTime } from '../../i18n/format.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { itemAt, type HistoryStore } from './history-store.ts';
import { orderUnreadable, stateName } from './show.ts';

/** Every row has the same height, so the list knows where row 9 999 is without measuring anything. */
export const ROW_HEIGHT = 56;
const PAGE_ROWS = 8;

/**
 * A window this short (the default window at 200 %) has no room for a list that scrolls inside the scrolling page:
 * there the list scrolls with the page (issue 42), as the dialogs do (history.css's same query).
 */
const SHORT_WINDOW = '(max-height: 32rem)';
const shortWindow = () => window.matchMedia?.(SHORT_WINDOW).matches ?? false;
function onWindowHeight(onChange: () => void): () => void {
  const query = window.matchMedia?.(SHORT_WINDOW);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * The payments, newest first, as a virtualized list: only the rows in view (and a few either side) are in the
 * document, and their pages are fetched as they come into view. Each row is a button that opens the payment;
 * the arrow keys, Page Up/Down, Home and End move between rows. In a box of its own that scrolls, or, in a short
 * window, scrolling with the page.
 */
export function HistoryList({ store }: { store: HistoryStore }) {
  const short = useSyncExternalStore(onWindowHeight, shortWindow);
  return short ? <PageList store={store} /> : <BoxList store={store} />;
}

const virtualRows = { estimateSize: () => ROW_HEIGHT, overscan: 6 };

function BoxList({ store }: { store: HistoryStore }) {
  const total = useStore(store, (state) => state.total);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: total, getScrollElement: () => scrollRef.current, ...virtualRows });
  return (
    <div
      ref={scrollRef}
      className="history-scroller"
      data-testid="history-scroller"
      // As tall as its rows, up to the screen's share: a few payments leave no empty box under them.
      style={{ height: `min(60vh, 36rem, ${String(total * ROW_HEIGHT + 2)}px)` }}
    >
      <Rows store={store} virtualizer={virtualizer} />
    </div>
  );
}

function PageList({ store }: { store: HistoryStore }) {
  const total = useStore(store, (state) => state.total);
  const listRef = useRef<HTMLDivElement>(null);
  // Where the list starts on the page: the rows are placed from there.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    setMargin(Math.round((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY));
  });
  const virtualizer = useWindowVirtualizer({ count: total, scrollMargin: margin, ...virtualRows });
  return (
    <div ref={listRef} className="history-scroller page" data-testid="history-scroller">
      <Rows store={store} virtualizer={virtualizer} />
    </div>
  );
}

function Rows<Scroller extends Element | Window>({
  store,
  virtualizer,
}: {
  store: HistoryStore;
  virtualizer: Virtualizer<Scroller, Element>;
}) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const total = useStore(store, (state) => state.total);
  const pages = useStore(store, (state) => state.pages);
  const actions = useStore(store, (state) => state.actions);
  const listRef = useRef<HTMLUListElement>(null);
  const [focusIndex, setFocusIndex] = useState<number>();
  const rows = virtualizer.getVirtualItems();
  const first = rows[0]?.index ?? 0;
  const last = rows[rows.length - 1]?.index ?? 0;
  const margin = virtualizer.options.scrollMargin;

  useEffect(() => {
    actions.ensureRange(first, last);
  }, [actions, first, last, pages, total]);

  // After a key moved to a row that was not yet in the document: focus it once it is.
  useEffect(() => {
    if (focusIndex === undefined) return;
    const button = listRef.current?.querySelector<HTMLElement>(`li[data-index="${focusIndex}"] button`);
    if (button) {
      button.focus();
      setFocusIndex(undefined);
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = Number((event.target as HTMLElement).closest('li')?.dataset['index']);
    if (!Number.isInteger(current)) return;
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + PAGE_ROWS,
      PageUp: current - PAGE_ROWS,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(total - 1, target));
    virtualizer.scrollToIndex(index, { align: 'auto' });
    setFocusIndex(index);
  };

  return (
    <ul
      ref={listRef}
      className="history-list"
      aria-label={t('history.list')}
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
    >
      {rows.map((row) => {
        const payment = itemAt({ pages }, row.index);
        return (
          <li
            key={row.key}
            data-index={row.index}
            className="history-item"
            aria-setsize={total}
            aria-posinset={row.index + 1}
            style={{ transform: `translateY(${row.start - margin}px)` }}
          >
            {payment ? (
              <Row payment={payment} locale={locale} onOpen={actions.open} />
            ) : (
              <button type="button" className="history-row loading" aria-disabled="true">
                <span className="history-date">{t('history.rowLoading')}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Row({
  payment,
  locale,
  onOpen,
}: {
  payment: PaymentView;
  locale: AppLocale;
  onOpen: (payment: PaymentView) => void;
}) {
  const t = useT();
  const { order } = payment;
  const damaged = payment.state === 'damaged';
  const amount = formatAmount(order.amount, locale);
  return (
    <button type="button" className="history-row" data-testid="history-row" onClick={() => onOpen(payment)}>
      <span className="history-date">{formatDateTime(payment.createdAt, locale)}</span>
      <span className="history-payee">
        <span className="history-payee-name">{order.payeeName || t('history.noName')}</span>
        {/* A damaged record says what to do where the account would be: with the badge, one plain sentence. */}
        {damaged ? (
          <span className="history-payee-account damaged">{t('history.damagedHint')}</span>
        ) : (
          <span className="history-payee-account">
            {displayAccount(order.depositAccount)}
            {/* The customer's own note, shown where they look for the payment (issue 42). */}
            {payment.note && <span className="history-row-note"> · {payment.note}</span>}
          </span>
        )}
      </span>
      <span className="history-amount">{orderUnreadable(payment) ? t('history.upTo', { amount }) : amount}</span>
      <span className={`history-badge state-${payment.state}`}>{stateName(payment, t)}</span>
    </button>
  );
}
