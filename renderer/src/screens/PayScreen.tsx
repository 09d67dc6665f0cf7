import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { DailyLimitView, DraftField, DraftValidation } from '../../../common/bridge-contract.ts';
import type { OwnAccount, Payee } from '../../../common/address-book.ts';
import { displayAccount, normalizeAccountNumber } from '../../../common/account-number.ts';
import { checkKennitala, formatKennitala } from '../../../common/kennitala.ts';
import { FieldFrame, TextField } from '../components/Field.tsx';
import { useErrorText } from '../components/ErrorText.tsx';
import { useT } from '../i18n/index.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { focusOn, useFocusAfter } from '../lib/focus.ts';
import { useApp, useAppStore, useWallet } from '../state/wallet-context.tsx';
import type { PayDraft } from '../state/app-store.ts';
import { fieldErrorText } from './pay/field-errors.ts';
import { amountCharacters, regroupAmount } from '../lib/format-input.ts';
import { AddressBook } from './pay/AddressBook.tsx';
import { LimitMeter } from './pay/LimitMeter.tsx';
import { createPayStore } from './pay/pay-store.ts';
import { createDueStore, type DueStore } from './pay/due-store.ts';
import { DueList } from './pay/DueList.tsx';
import { newScheduleForm } from './pay/schedule-form.ts';
import { Result } from './pay/Result.tsx';
import { Review } from './pay/Review.tsx';
import { PayRequest, useQrImage } from './pay/PayRequest.tsx';
import { RequestMoneyDialog, ScheduleEditor } from './pay/lazy-parts.ts';
import { RequestNotice } from './pay/RequestNotice.tsx';
import { HistoryTrustBanner } from '../components/HistoryTrust.tsx';
import './pay/pay.css';

/** The home screen once signed in: the form, then the review, then the outcome. The draft lives in the app store. */
export function PayScreen() {
  const t = useT();
  const wallet = useWallet();
  const app = useAppStore();
  const [store] = useState(() => createPayStore(wallet, app));
  const [due] = useState(() => createDueStore(wallet, app));
  const stage = useStore(store, (state) => state.stage);
  const limit = useStore(store, (state) => state.limit);
  const actions = useStore(store, (state) => state.actions);
  const dueList = useStore(due, (state) => state.list);
  // While the screen is open its stores follow the payments and the session in the main process.
  useEffect(() => actions.listen(), [actions]);
  useEffect(() => due.getState().actions.listen(), [due]);
  // A notification of payments due was clicked: the form shows (not a review or an outcome), and once the list is
  // read again the focus goes to its heading (to the screen's when nothing is due any more).
  const dueShown = useApp((state) => state.dueShown);
  const [focusDue, setFocusDue] = useState(0);
  useEffect(() => {
    if (!dueShown) return;
    actions.backToForm();
    setFocusDue(dueShown);
  }, [dueShown, actions]);
  useEffect(() => {
    if (!focusDue || !dueList || stage.name !== 'form') return;
    setFocusDue(0);
    focusOn(document.getElementById('due-title') ?? document.getElementById('pay-title'));
  }, [focusDue, dueList, stage.name]);
  // A payment request fills the form: from the review or an outcome, the form shows again, with it.
  const requestFilled = useApp((state) => (state.requestNotice?.kind === 'filled' ? state.requestNotice.seq : 0));
  useEffect(() => {
    if (requestFilled) actions.backToForm();
  }, [requestFilled, actions]);

  return (
    <section aria-labelledby="pay-title" className="pay">
      <div className="pay-top">
        <h2 id="pay-title">{t('pay.title')}</h2>
        <LimitMeter limit={limit} />
      </div>
      <HistoryTrustBanner />
      {stage.name === 'form' && <DueList store={due} onReview={actions.review} />}
      {stage.name === 'form' && <PayForm onReview={actions.review} onLimit={actions.setLimit} due={due} />}
      {stage.name === 'review' && (
        <Review
          validation={stage.validation}
          draft={stage.draft}
          onBack={actions.backToForm}
          onConfirmed={actions.confirmed}
          due={stage.due}
        />
      )}
      {stage.name === 'result' && <Result store={store} />}
    </section>
  );
}

function PayForm({
  onReview,
  onLimit,
  due,
}: {
  /** With the main process's check of exactly this draft: what the review shows is what is confirmed. */
  onReview: (validation: DraftValidation, draft: PayDraft) => void;
  onLimit: (limit: DailyLimitView) => void;
  /** Payments that come due: the schedule editor ("Pay later or repeat") saves the draft as one. */
  due: DueStore;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const draft = useApp((state) => state.draft);
  const locale = useApp((state) => state.locale);
  const session = useApp((state) => state.session);
  const { setDraft, resetDraft } = useApp((state) => state.actions);
  const [accounts, setAccounts] = useState<OwnAccount[]>([]);
  const [payees, setPayees] = useState<Payee[]>([]);
  // The latest check, and the draft it was made for: only a check of the draft as it is now may open the review.
  const [checked, setChecked] = useState<{ draft: PayDraft; validation: DraftValidation }>();
  const validation = checked?.validation;
  const current = checked?.draft === draft ? checked.validation : undefined;
  /** Review was pressed before the check of the draft as it is now came back: it opens when it does. */
  const [reviewWaiting, setReviewWaiting] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const sequence = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  /** A refused Review moves the focus to the first field in error, once its check is back and marked. */
  const [focusError, setFocusError] = useState(false);
  const requestNotice = useApp((state) => state.requestNotice);
  const { dismissRequestNotice } = useApp((state) => state.actions);
  const readQrImage = useQrImage();
  const [requesting, setRequesting] = useState(false);
  const focusAfter = useFocusAfter();
  const accountSelect = useRef<HTMLSelectElement>(null);
  const payeeNotice = useRef<HTMLParagraphElement>(null);
  /** The draft's errors as saving it as a payment that comes due found them: said at their fields until changed. */
  const [dueErrors, setDueErrors] = useState<Partial<Record<DraftField, string>>>();
  const editing = useStore(due, (state) => state.editor);
  const today = useStore(due, (state) => state.list?.today);
  const dueActions = useStore(due, (state) => state.actions);
  /** A character the amount cannot hold was typed (or pasted) and left out: said under it until the field is left. */
  const [amountRefused, setAmountRefused] = useState(false);
  // The fields a request filled are checked as if typed: their errors show at once (an amount over what is left).
  useEffect(() => {
    if (requestNotice?.kind !== 'filled') return;
    setTouched((before) => ({ ...before, ...Object.fromEntries(requestNotice.fields.map((field) => [field, true])) }));
  }, [requestNotice]);

  // The grant of whoever is signed in: the form reads the customer's lists when it opens and again at each new
  // sign-in, and a refusal from before it goes (under the prompt after the grant's end there is nothing to read).
  const grant = useApp((state) => (state.session?.signedIn ? state.session.grantStart : undefined));
  // Whether main asks every payment to be confirmed as new follows the history's trust: checked again when it changes.
  const historyTrusted = useApp((state) => state.historyTrust?.trusted);
  useEffect(() => {
    if (grant === undefined) return;
    setProblem(undefined);
    unwrap(wallet.listAccounts()).then(
      (list) => {
        setAccounts(list);
        const first = list[0];
        if (first && !draft.debtorAccount) setDraft({ debtorAccount: first.accountNumber });
      },
      (error: unknown) => setProblem(errorCode(error)),
    );
    unwrap(wallet.listPayees()).then(setPayees, () => undefined);
    // The draft is only read to pick a default account.
  }, [wallet, grant]);

  // Every change is checked by the main process, with the rules the bank applies, and again after a new sign-in;
  // the last answer wins.
  useEffect(() => {
    if (grant === undefined) return;
    const mine = ++sequence.current;
    unwrap(wallet.validatePayment(draft)).then(
      (result) => {
        if (mine !== sequence.current) return;
        setChecked({ draft, validation: result });
        onLimit(result.limit);
      },
      (error: unknown) => {
        if (mine !== sequence.current) return;
        setReviewWaiting(false);
        setProblem(errorCode(error));
      },
    );
  }, [wallet, draft, onLimit, grant, historyTrusted]);

  useEffect(() => {
    if (!reviewWaiting || !current) return;
    setReviewWaiting(false);
    if (Object.keys(current.errors).length === 0 && current.order) onReview(current, draft);
  }, [reviewWaiting, current, draft, onReview]);

  useEffect(() => {
    if (!focusError || !current) return;
    setFocusError(false);
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError, current]);

  const change = (patch: Partial<PayDraft>) => {
    setNotice(undefined);
    setDueErrors(undefined);
    setDraft(patch);
  };
  const errorFor = (field: DraftField): string | undefined => {
    // Saving as a payment that comes due checked the draft without today's limit: its errors are the ones said.
    if (dueErrors) {
      const saved = dueErrors[field];
      return saved && fieldErrorText(field, saved, { t, locale, remaining: validation?.limit.remaining ?? 0 });
    }
    const code = validation?.errors[field];
    if (!code || !(showAll || touched[field])) return undefined;
    // The last answer was about what the field held before: it says nothing of what it holds now. Said all the
    // same, a field just left would show an error until the answer came, and the form would move under a click.
    if (checked && checked.draft[field] !== draft[field]) return undefined;
    return fieldErrorText(field, code, { t, locale, remaining: validation.limit.remaining });
  };
  const touch = (field: DraftField) => () => setTouched((before) => ({ ...before, [field]: true }));

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
    setTouched({});
    setShowAll(false);
    setDueErrors(undefined);
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

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    setShowAll(true);
    setFocusError(true);
    // A press before the last change has been checked is not lost, and never reviews an earlier draft.
    if (!current) setReviewWaiting(true);
    else if (Object.keys(current.errors).length === 0 && current.order) onReview(current, draft);
  };
  const hasErrors = validation !== undefined && Object.keys(validation.errors).length > 0;

  /** An own account removed while chosen leaves the form on the first one left, as when it opened. */
  const accountsChanged = (list: OwnAccount[]) => {
    setAccounts(list);
    if (!list.some((account) => account.accountNumber === draft.debtorAccount)) {
      change({ debtorAccount: list[0]?.accountNumber ?? '' });
    }
  };

  return (
    <>
      <form
        className="pay-form"
        ref={form}
        onSubmit={review}
        noValidate
        aria-labelledby="pay-title"
        onDragOver={(event) => {
          if ([...event.dataTransfer.items].some((item) => item.kind === 'file')) event.preventDefault();
        }}
        onDrop={(event) => {
          const image = [...event.dataTransfer.files].find((file) => file.type.startsWith('image/'));
          if (!image) return;
          event.preventDefault();
          void readQrImage(image);
        }}
      >
        {requestNotice && <RequestNotice notice={requestNotice} onDismiss={dismissRequestNotice} />}
        {problem && (
          <p role="alert" className="error">
            {errorText(problem)}
          </p>
        )}
        <fieldset>
          <legend>{t('pay.from')}</legend>
          {/* Signed out under the prompt to sign in again, there is no one to name. */}
          {session?.name && (
            <p className="muted" data-testid="owner">
              {t('pay.owner', { name: session.name, kennitala: session.maskedKennitala ?? '' })}
            </p>
          )}
          {accounts.length > 0 ? (
            <FieldFrame id="debtor-account" label={t('pay.fromAccount')} error={errorFor('debtorAccount')}>
              {(describedBy) => (
                <select
                  id="debtor-account"
                  ref={accountSelect}
                  value={draft.debtorAccount}
                  onChange={(event) => change({ debtorAccount: event.target.value })}
                  aria-invalid={errorFor('debtorAccount') ? true : undefined}
                  aria-describedby={describedBy}
                >
                  <option value="" disabled>
                    {t('pay.chooseAccount')}
                  </option>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.accountNumber}>
                      {account.label ? `${account.label} · ` : ''}
                      {displayAccount(account.accountNumber)}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          ) : (
            <p className="notice">{t('pay.noAccounts')}</p>
          )}
          <AddAccount
            open={accounts.length === 0}
            onSaved={(list, added) => {
              setAccounts(list);
              change({ debtorAccount: added });
              // The form to add one closes once there is an account: the focus goes to it, chosen in its select.
              focusAfter(() => accountSelect.current);
            }}
          />
        </fieldset>

        <fieldset>
          <legend>{t('pay.to')}</legend>
          {payees.length > 0 && (
            <div className="field">
              <label htmlFor="saved-payee">{t('pay.savedPayee')}</label>
              <select
                id="saved-payee"
                value={savedPayee?.id ?? ''}
                onChange={(event) => choosePayee(event.target.value)}
              >
                <option value="">{t('pay.choosePayee')}</option>
                {payees.map((payee) => (
                  <option key={payee.id} value={payee.id}>
                    {payee.name} · {displayAccount(payee.accountNumber)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <TextField
            label={t('pay.depositKennitala')}
            value={draft.depositKennitala}
            onChange={(value) => change({ depositKennitala: value })}
            onBlur={touch('depositKennitala')}
            inputMode="numeric"
            error={errorFor('depositKennitala')}
            testId="deposit-kennitala"
          />
          <TextField
            label={t('pay.depositAccount')}
            value={draft.depositAccount}
            onChange={(value) => change({ depositAccount: value })}
            onBlur={touch('depositAccount')}
            hint={t('pay.accountHint')}
            inputMode="numeric"
            error={errorFor('depositAccount')}
            testId="deposit-account"
          />
          <TextField
            label={t('pay.payeeName')}
            value={draft.payeeName}
            onChange={(value) => change({ payeeName: value })}
            testId="payee-name"
          />
          <div className="payee-extras">
            {validation?.order && validation.newPayee && (
              <p className="badge new-payee" data-testid="new-payee">
                {t('pay.newPayee')}
              </p>
            )}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('pay.amount')}</legend>
          <TextField
            label={t('pay.amount')}
            value={draft.amount}
            onChange={(value) => {
              // Only what an amount can be is let in (digits, grouping, spaces): a letter typed is left out and
              // said, rather than put in the field for the check to refuse after the fact.
              const kept = amountCharacters(value);
              if (kept !== value) setAmountRefused(true);
              change({ amount: regroupAmount(kept, locale) });
            }}
            onBlur={() => {
              setAmountRefused(false);
              touch('amount')();
            }}
            hint={amountRefused ? t('pay.amountDigitsOnly') : t('pay.amountHint')}
            inputMode="numeric"
            error={errorFor('amount')}
            {...(locale === 'is' ? { suffix: 'kr.' } : { prefix: 'ISK' })}
            testId="amount"
          />
          {/* Said as it happens, not only shown: a letter that did not appear is otherwise a silent key. */}
          <p role="status" className="visually-hidden" data-testid="amount-refused">
            {amountRefused ? t('pay.amountDigitsOnly') : ''}
          </p>
          <TextField
            label={t('pay.endToEndId')}
            value={draft.endToEndId}
            onChange={(value) => change({ endToEndId: value })}
            onBlur={touch('endToEndId')}
            hint={t('pay.endToEndIdHint')}
            error={errorFor('endToEndId')}
            testId="reference"
          />
          <TextField
            label={t('pay.extendedReference')}
            value={draft.extendedReference}
            onChange={(value) => change({ extendedReference: value })}
            onBlur={touch('extendedReference')}
            hint={t('pay.extendedReferenceHint')}
            error={errorFor('extendedReference')}
            testId="message"
          />
        </fieldset>

        {editing && today ? (
          <ScheduleEditor
            key={editing.seq}
            editing={editing}
            today={today}
            draft={draft}
            store={due}
            onDraftErrors={setDueErrors}
            onSaved={scheduled}
          />
        ) : (
          <div className="schedule-open">
            <button type="button" className="secondary" disabled={!today} onClick={openSchedule}>
              {t('schedule.open')}
            </button>
          </div>
        )}

        {showAll && hasErrors && !editing && (
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

function AddAccount({ open, onSaved }: { open: boolean; onSaved: (list: OwnAccount[], added: string) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const [number, setNumber] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string>();

  const save = async () => {
    setError(undefined);
    try {
      const list = await unwrap(wallet.saveAccount({ accountNumber: number, label }));
      const digits = normalizeAccountNumber(number) ?? '';
      setNumber('');
      setLabel('');
      onSaved(list, digits);
    } catch (caught) {
      setError(errorText(errorCode(caught)));
    }
  };

  return (
    <details className="add-account" open={open}>
      <summary>{t('pay.addAccount')}</summary>
      <TextField
        label={t('pay.newAccountNumber')}
        value={number}
        onChange={setNumber}
        hint={t('pay.accountHint')}
        inputMode="numeric"
        error={error}
        testId="new-account-number"
      />
      <TextField label={t('pay.newAccountLabel')} value={label} onChange={setLabel} testId="new-account-label" />
      <button type="button" className="secondary" onClick={() => void save()}>
        {t('pay.saveAccount')}
      </button>
    </details>
  );
}
