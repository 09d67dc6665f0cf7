import { useState } from 'react';
import { useStore } from 'zustand';
import type { DraftField, DraftValidation } from '../../../../common/bridge-contract.ts';
import type { DueItem, DueOccurrence } from '../../../../common/due-payment.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { formatDueDate } from '../../i18n/due-dates.ts';
import { formatAmount } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusAfter } from '../../lib/focus.ts';
import { useApp, useAppStore, useWallet } from '../../state/wallet-context.tsx';
import type { PayDraft } from '../../state/app-store.ts';
import { draftOf, payeeOf } from './due-order.ts';
import { ComingUp } from './ComingUp.tsx';
import { DueRow } from './DueRow.tsx';
import type { DueStore } from './due-store.ts';
import { fieldErrorText } from './field-errors.ts';
import { scheduleFormOf } from './schedule-form.ts';
import './due.css';

/**
 * What a row's confirm dialog asks: skip its open occurrence, skip every overdue one (`to` the latest: main skips an
 * occurrence and every one before it), or stop it.
 */
type Asking =
  | { kind: 'skip'; item: DueItem; date: string }
  | { kind: 'skipOverdue'; item: DueItem; from: string; to: string; count: number }
  | { kind: 'stop'; item: DueItem };

/**
 * The Due list at the top of the Pay screen (issue 29, docs/DUE-PAYMENTS.md): payments that come due, waiting today,
 * overdue or next, as main reckons them on its own day. Pay now fills the form and opens the review the normal way
 * (main checks it as any payment; the confirmation names the occurrence it pays); Skip and Stop ask first; Change
 * opens the schedule editor. Nothing is offered for a payment under way but the way to it in History.
 */
export function DueList({
  store,
  onReview,
}: {
  store: DueStore;
  onReview: (validation: DraftValidation, draft: PayDraft, due: DueOccurrence) => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const { setDraft, showInHistory } = useApp((state) => state.actions);
  const appStore = useAppStore();
  const list = useStore(store, (state) => state.list);
  const said = useStore(store, (state) => state.said);
  const actions = useStore(store, (state) => state.actions);
  const [asking, setAsking] = useState<Asking>();
  const [busy, setBusy] = useState<string>();
  /** A row's refusal, by its id, until the next action. */
  const [rowError, setRowError] = useState<{ id: string; text: string }>();
  const focusAfter = useFocusAfter();
  if (!list || list.items.length === 0) return null;
  const heading = () => document.getElementById('due-title') ?? document.getElementById('pay-title');

  const run = async (item: DueItem, call: () => Promise<void>) => {
    setBusy(item.id);
    setRowError(undefined);
    actions.say(undefined);
    try {
      await call();
    } catch (caught) {
      setRowError({ id: item.id, text: errorText(errorCode(caught)) });
      // The list may have moved on (a date no longer open, a payment gone): what main has now shows.
      actions.load();
    } finally {
      setBusy(undefined);
    }
  };

  const payNow = (item: DueItem, date: string) =>
    run(item, async () => {
      const draft = draftOf(item.order, locale);
      setDraft(draft);
      const validation = await unwrap(wallet.validatePayment(draft));
      const first = Object.entries(validation.errors)[0] as [DraftField, string] | undefined;
      if (!first && validation.order) {
        onReview(validation, draft, { id: item.id, date });
        return;
      }
      const [field, code] = first ?? ['amount', 'INVALID_PAYMENT'];
      setRowError({
        id: item.id,
        text: fieldErrorText(field, code, { t, locale, remaining: validation.limit.remaining }),
      });
    });

  const day = (date: string) => formatDueDate(date, locale, { weekday: false, today: list.today });
  const question = (ask: Asking): string => {
    // What is skipped, named: with two due payments the rent is not skipped for a gift (issue 42, item 4).
    if (ask.kind === 'skip')
      return t('due.skip.question', {
        payee: payeeOf(ask.item),
        amount: formatAmount(ask.item.order.amount, locale),
        when: day(ask.date),
      });
    if (ask.kind === 'skipOverdue')
      return t('due.skipOverdue.question', { count: ask.count, from: day(ask.from), to: day(ask.to) });
    return t('due.stop.question', { payee: payeeOf(ask.item) });
  };

  const answer = async () => {
    if (!asking) return;
    const { item } = asking;
    setAsking(undefined);
    await run(item, async () => {
      if (asking.kind === 'skip') {
        actions.take(await unwrap(wallet.skipDue({ id: item.id, date: asking.date })));
        actions.say(t('due.skipped', { when: day(asking.date) }));
      } else if (asking.kind === 'skipOverdue') {
        // The latest overdue one as the customer saw it: one that fell due since stays on the list.
        actions.take(await unwrap(wallet.skipDue({ id: item.id, date: asking.to })));
        actions.say(t('due.skippedOverdue', { count: asking.count, from: day(asking.from), to: day(asking.to) }));
      } else {
        actions.take(await unwrap(wallet.stopDue({ id: item.id })));
        actions.say(t('due.stopped', { payee: payeeOf(item) }));
      }
      focusAfter(heading);
    });
  };

  const change = (item: DueItem) => {
    // What was being written stays with the change: Cancel gives it back (a change already open keeps its own).
    const before = store.getState().editor?.before ?? appStore.getState().draft;
    setDraft(draftOf(item.order, locale));
    actions.openEditor({
      id: item.id,
      before,
      form: scheduleFormOf(item.schedule, list.today, item.remind),
      ...(item.lastHandled ? { handled: item.lastHandled } : {}),
    });
  };

  return (
    <section className="due" aria-labelledby="due-title" data-testid="due-list">
      <h3 id="due-title" tabIndex={-1}>
        {t('due.title')}
      </h3>
      <p role="status" className="due-said" data-testid="due-said">
        {said}
      </p>
      <ComingUp list={list} />
      <ul className="due-items">
        {list.items.map((item) => (
          <DueRow
            key={item.id}
            item={item}
            list={list}
            busy={busy === item.id}
            error={rowError?.id === item.id ? rowError.text : undefined}
            onPay={(date) => void payNow(item, date)}
            onSkip={(date) => setAsking({ kind: 'skip', item, date })}
            onSkipOverdue={(from, to, count) => setAsking({ kind: 'skipOverdue', item, from, to, count })}
            onChange={() => change(item)}
            onStop={() => setAsking({ kind: 'stop', item })}
            onHistory={(id) => showInHistory(id)}
          />
        ))}
      </ul>
      {asking && (
        <Dialog title={t(`due.${asking.kind}.title`)} onClose={() => setAsking(undefined)} returnFocus={heading}>
          <p data-testid="due-question">{question(asking)}</p>
          <div className="actions">
            {/* Cancel first, as the production switch has it: the dialog focuses it, so Enter at once skips nothing. */}
            <button type="button" data-autofocus onClick={() => setAsking(undefined)}>
              {t('action.cancel')}
            </button>
            <button type="button" className="primary" onClick={() => void answer()}>
              {t(`due.${asking.kind}.confirm`)}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}
