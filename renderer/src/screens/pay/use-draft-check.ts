import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { DailyLimitView, DraftField, DraftValidation } from '../../../../common/bridge-contract.ts';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { fieldErrorText } from './field-errors.ts';

/** The errors saving the draft as a payment that comes due found, per field (said until the draft changes). */
export type DueErrors = Partial<Record<DraftField, string>>;

export interface DraftCheck {
  /** Main's last answer, of the draft as it is now or of one before it. */
  validation: DraftValidation | undefined;
  /** The text of a field's error, when it is said: once the field was left, or after Review was pressed. */
  errorFor(field: DraftField): string | undefined;
  /** The field was left: its error is said from now on. */
  touch(field: DraftField): () => void;
  /** Review pressed: the review opens on main's check of the draft as it is now, or the errors say why not. */
  review(): void;
  /** "Fix the fields marked" is said (Review was pressed and main found errors). */
  refused: boolean;
  /** The draft's errors as saving it as a payment that comes due found them (see ScheduleEditor); said until changed. */
  setDueErrors(errors: DueErrors | undefined): void;
  /** The form starts again (the draft was saved as a payment that comes due): nothing is said of any field. */
  reset(): void;
  /**
   * The schedule editor is open on a first date other than today (true), or closed or on today (false): the draft is
   * then a payment for a day to come, whose limit is that day's, not what is left of today's.
   */
  dueLater(later: boolean): void;
}

/**
 * The draft check: every change of the draft is checked by main, with the rules the bank applies, and again after a
 * new sign-in or when the history's trust changes; the last answer wins. Review opens only on the check of the draft
 * as it is now, so what the review shows is what is confirmed. A press before that check has answered is not lost: the
 * review opens as soon as it answers, or its errors are said with the focus on the first; when no check of the draft
 * as it is now is on its way (main refused the last one), the press asks again.
 */
export function useDraftCheck({
  draft,
  form,
  onReview,
  onLimit,
  onProblem,
}: {
  draft: PayDraft;
  /** The form whose first field in error takes the focus after a refused Review. */
  form: RefObject<HTMLFormElement | null>;
  onReview: (validation: DraftValidation, draft: PayDraft) => void;
  onLimit: (limit: DailyLimitView) => void;
  /** Main refused the check itself (not the draft): the code, said above the form; undefined clears it. */
  onProblem: (code: string | undefined) => void;
}): DraftCheck {
  const t = useT();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const requestNotice = useApp((state) => state.requestNotice);
  // The grant of whoever is signed in: the draft is checked again at each new sign-in (nothing to check without one).
  const grant = useApp((state) => (state.session?.signedIn ? state.session.grantStart : undefined));
  // Whether main asks every payment to be confirmed as new follows the history's trust: checked again when it changes.
  const historyTrusted = useApp((state) => state.historyTrust?.trusted);
  // The latest check, and the draft it was made for: only a check of the draft as it is now may open the review.
  const [checked, setChecked] = useState<{ draft: PayDraft; validation: DraftValidation }>();
  const validation = checked?.validation;
  const current = checked?.draft === draft ? checked.validation : undefined;
  /** Review was pressed before the check of the draft as it is now came back: it opens when it does. */
  const [reviewWaiting, setReviewWaiting] = useState(false);
  /** A refused Review moves the focus to the first field in error, once its check is back and marked. */
  const [focusError, setFocusError] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const [showAll, setShowAll] = useState(false);
  const [dueErrors, setDueErrors] = useState<DueErrors>();
  const [later, setLater] = useState(false);
  const sequence = useRef(0);
  /** The draft whose check is on its way (the last one asked), until it answers. */
  const asked = useRef<PayDraft>(undefined);

  const check = useCallback(
    (checking: PayDraft) => {
      const mine = ++sequence.current;
      asked.current = checking;
      unwrap(wallet.validatePayment(checking)).then(
        (result) => {
          if (mine !== sequence.current) return;
          asked.current = undefined;
          setChecked({ draft: checking, validation: result });
          onLimit(result.limit);
        },
        (error: unknown) => {
          if (mine !== sequence.current) return;
          asked.current = undefined;
          setReviewWaiting(false);
          onProblem(errorCode(error));
        },
      );
    },
    [wallet, onLimit, onProblem],
  );

  useEffect(() => {
    if (grant === undefined) return;
    check(draft);
  }, [check, draft, grant, historyTrusted]);

  useEffect(() => {
    if (!reviewWaiting || !current) return;
    setReviewWaiting(false);
    if (Object.keys(current.errors).length === 0 && current.order) onReview(current, draft);
  }, [reviewWaiting, current, draft, onReview]);

  useEffect(() => {
    if (!focusError || !current) return;
    setFocusError(false);
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError, current, form]);

  // The fields a request filled are checked as if typed: their errors show at once (an amount over what is left).
  useEffect(() => {
    if (requestNotice?.kind !== 'filled') return;
    setTouched((before) => ({ ...before, ...Object.fromEntries(requestNotice.fields.map((field) => [field, true])) }));
  }, [requestNotice]);

  return {
    validation,
    errorFor(field) {
      // Saving as a payment that comes due checked the draft without today's limit: its errors are the ones said.
      if (dueErrors) {
        const saved = dueErrors[field];
        return saved && fieldErrorText(field, saved, { t, locale, remaining: validation?.limit.remaining ?? 0 });
      }
      const code = validation?.errors[field];
      if (!code || !(showAll || touched[field])) return undefined;
      // A payment that first comes due on a day to come keeps that day's limit, of which nothing is used yet (main's
      // limit is per GMT day; saveDue checks the amount against a whole day's): today's is not said (issue 42).
      if (later && code === 'over_remaining') return undefined;
      // The last answer was about what the field held before: it says nothing of what it holds now. Said all the
      // same, a field just left would show an error until the answer came, and the form would move under a click.
      if (checked && checked.draft[field] !== draft[field]) return undefined;
      return fieldErrorText(field, code, { t, locale, remaining: validation.limit.remaining });
    },
    touch: (field) => () => setTouched((before) => ({ ...before, [field]: true })),
    review() {
      setShowAll(true);
      setFocusError(true);
      // A press before the last change has been checked is not lost, and never reviews an earlier draft.
      if (current) {
        if (Object.keys(current.errors).length === 0 && current.order) onReview(current, draft);
        return;
      }
      setReviewWaiting(true);
      // Main refused the last check (said above the form): the press asks again rather than wait for nothing.
      if (grant !== undefined && asked.current !== draft) {
        onProblem(undefined);
        check(draft);
      }
    },
    refused: showAll && validation !== undefined && Object.keys(validation.errors).length > 0,
    setDueErrors,
    dueLater: setLater,
    reset() {
      setTouched({});
      setShowAll(false);
      setDueErrors(undefined);
    },
  };
}
