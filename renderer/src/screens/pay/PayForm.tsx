import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { OwnAccount } from '../../../../common/address-book.ts';
import { displayAccount, normalizeAccountNumber } from '../../../../common/account-number.ts';
import type { DailyLimitView, DraftValidation } from '../../../../common/bridge-contract.ts';
import { checkKennitala, formatKennitala } from '../../../../common/kennitala.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useFocusAfter } from '../../lib/focus.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { AddressBook } from './AddressBook.tsx';
import { AmountFieldset } from './AmountFieldset.tsx';
import type { DueStore } from './due-store.ts';
import { FromFieldset } from './FromFieldset.tsx';
import { RequestMoneyDialog, ScheduleEditor } from './lazy-parts.ts';
import { PayeeFieldset } from './PayeeFieldset.tsx';
import type { PayStore } from './pay-store.ts';
import { PayRequest } from './PayRequest.tsx';
import { RequestNotice } from './RequestNotice.tsx';
import { newScheduleForm } from './schedule-form.ts';
import { useDraftCheck } from './use-draft-check.ts';
import { useOwnLists } from './use-own-lists.ts';
import { useQrDrop } from './use-qr-drop.ts';
import { WaitingPayments } from './WaitingPayments.tsx';

/**
 * The pay form's layout: the draft (in the app store) in its fieldsets, Review, saving the payee, "Pay later or
 * repeat", and beside the form the request tools and the address book. What each part does is in its own module:
 * the draft check (use-draft-check.ts), the own lists (use-own-lists.ts), adding an account (AddAccount.tsx) and the
 * QR drop (use-qr-drop.ts).
 */
export function PayForm({
  onReview,
  onLimit,
  due,
  store,
}: {
  /** With the main process's check of exactly this draft: what the review shows is what is confirmed. */
  onReview: (validation: DraftValidation, draft: PayDraft) => void;
  onLimit: (limit: DailyLimitView) => void;
  /** Payments that come due: the schedule editor ("Pay later or repeat") saves the draft as one. */
  due: DueStore;
  /** The pay screen's store: the own lists are kept there, for the result too. */
  store: PayStore;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const draft = useApp((state) => state.draft);
  const { setDraft, resetDraft, dismissRequestNotice } = useApp((state) => state.actions);
  const requestNotice = useApp((state) => state.requestNotice);
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [requesting, setRequesting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const payeeNotice = useRef<HTMLParagraphElement>(null);
  const focusAfter = useFocusAfter();
  const { accounts, payees, setAccounts, setPayees } = useOwnLists(store, setProblem);
  const check = useDraftCheck({ draft, form, onReview, onLimit, onProblem: setProblem });
  const qrDrop = useQrDrop();
  const editing = useStore(due, (state) => state.editor);
  const today = useStore(due, (state) => state.list?.today);
  const dueActions = useStore(due, (state) => state.actions);

  const change = (patch: Partial<PayDraft>) => {
    setNotice(undefined);
    check.setDueErrors(undefined);
    setDraft(patch);
  };

  const kennitala = checkKennitala(draft.depositKennitala);
  const depositDigits = normalizeAccountNumber(draft.depositAccount);
  const savedPayee = payees.find(
    (payee) => kennitala.ok && payee.kennitala === kennitala.value && payee.accountNumber === depositDigits,
  );
  const canSavePayee = kennitala.ok && depositDigits !== undefined && !savedPayee;

  const savePayee = async () => {
    try {
      const list = await unwrap(
        wallet.savePayee({
          name: draft.payeeName.trim() || formatKennitala(kennitala.ok ? kennitala.value : ''),
          kennitala: draft.depositKennitala,
          accountNumber: draft.depositAccount,
        }),
      );
      setPayees(list);
      setNotice(t('pay.payeeSaved'));
      // The button goes once the payee is saved: the focus goes to what says so, not to the page.
      focusAfter(() => payeeNotice.current);
    } catch (error) {
      setProblem(errorCode(error));
    }
  };

  /** "Pay later or repeat": the schedule editor, for the draft as it is (main's day known from the Due list). */
  const openSchedule = () => {
    if (today) dueActions.openEditor({ form: newScheduleForm(today) });
  };
  /** Saved as a payment that comes due: the form starts again (on the same account) and the Due list shows it. */
  const scheduled = () => {
    const debtorAccount = draft.debtorAccount;
    resetDraft();
    setDraft({ debtorAccount });
    check.reset();
    dueActions.closeEditor();
    dueActions.say(t('due.saved'));
    focusAfter(() => document.getElementById('due-title'));
  };

  const choosePayee = (id: string) => {
    const payee = payees.find((candidate) => candidate.id === id);
    change(
      payee
        ? {
            depositKennitala: formatKennitala(payee.kennitala),
            depositAccount: displayAccount(payee.accountNumber),
            payeeName: payee.name,
          }
        : { depositKennitala: '', depositAccount: '', payeeName: '' },
    );
  };

  /** An own account removed while chosen leaves the form on the first one left, as when it opened. */
  const accountsChanged = (list: OwnAccount[]) => {
    setAccounts(list);
    if (!list.some((account) => account.accountNumber === draft.debtorAccount)) {
      change({ debtorAccount: list[0]?.accountNumber ?? '' });
    }
  };

  return (
    <>
      <WaitingPayments />
      <form
        className="pay-form"
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          check.review();
        }}
        noValidate
        aria-labelledby="pay-title"
        {...qrDrop}
      >
        {requestNotice && <RequestNotice notice={requestNotice} onDismiss={dismissRequestNotice} />}
        {problem && (
          <p role="alert" className="error">
            {errorText(problem)}
          </p>
        )}
        <FromFieldset accounts={accounts} onAccounts={setAccounts} draft={draft} change={change} check={check} />
        <PayeeFieldset
          payees={payees}
          savedPayee={savedPayee}
          onChoose={choosePayee}
          draft={draft}
          change={change}
          check={check}
        />
        <AmountFieldset draft={draft} change={change} check={check} />

        {editing && today ? (
          <ScheduleEditor
            key={editing.seq}
            editing={editing}
            today={today}
            draft={draft}
            store={due}
            onDraftErrors={check.setDueErrors}
            onDueLater={check.dueLater}
            onSaved={scheduled}
          />
        ) : (
          <div className="schedule-open">
            <button type="button" className="secondary" disabled={!today} onClick={openSchedule}>
              {t('schedule.open')}
            </button>
          </div>
        )}

        {check.refused && !editing && (
          <p role="alert" className="error">
            {t('pay.fixErrors')}
          </p>
        )}
        {/* Saving the payee comes after the fields, never between them: it appears once the payee is valid, and
            in the payee's fieldset it would take the Tab from the name meant for the amount. */}
        <div className="actions">
          <button type="submit" className="primary">
            {t('pay.review')}
          </button>
          {canSavePayee && (
            <button type="button" className="secondary" onClick={() => void savePayee()}>
              {t('pay.savePayee')}
            </button>
          )}
          {notice && (
            <p role="status" className="notice" ref={payeeNotice} tabIndex={-1} data-testid="payee-saved">
              {notice}
            </p>
          )}
        </div>
      </form>
      <PayRequest />
      <div className="request-open">
        <button type="button" className="secondary" onClick={() => setRequesting(true)}>
          {t('request.open')}
        </button>
      </div>
      {requesting && <RequestMoneyDialog accounts={accounts} onClose={() => setRequesting(false)} />}
      <AddressBook
        accounts={accounts}
        payees={payees}
        onAccounts={accountsChanged}
        onPayees={setPayees}
        onSchedule={(payee) => {
          choosePayee(payee.id);
          openSchedule();
        }}
        scheduleReady={Boolean(today)}
      />
    </>
  );
}
