import { useEffect, useState } from 'react';
import type { DraftField } from '../../../../common/bridge-contract.ts';
import type { DueSaved } from '../../../../common/due-payment.ts';
import { MAX_MONTHLY_TIMES, MAX_WEEKLY_TIMES, oneYearAfter } from '../../../../common/schedule.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { formatDueDate } from '../../i18n/due-dates.ts';
import { hasMessage, useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import type { PayDraft } from '../../state/app-store.ts';
import type { DueStore, ScheduleEditing } from './due-store.ts';
import {
  previewDates,
  toSchedule,
  type ScheduleField,
  type ScheduleFieldError,
  type ScheduleForm,
} from './schedule-form.ts';

export type DraftErrors = Partial<Record<DraftField, string>>;

/**
 * The schedule editor's state and its two ways out (ScheduleEditor.tsx draws it): the form as it is filled, what was
 * said of each field, and Save, which sends the pay form's draft with the schedule to main (saveDue) and says its
 * errors at their fields, or Cancel. `section` is the editor's id: the first field in error is found under it.
 */
/** What the editor is given (ScheduleEditor.tsx's props). */
export interface ScheduleEditorProps {
  editing: ScheduleEditing;
  /** Main's day (the Due list's `today`): what "in the past" and the next dates are reckoned from. */
  today: string;
  draft: PayDraft;
  store: DueStore;
  onDraftErrors: (errors: DraftErrors) => void;
  /** Whether the first date it comes due is a day to come (not today): the pay form then leaves today's limit out. */
  onDueLater: (later: boolean) => void;
  onSaved: (saved: DueSaved) => void;
}

export function useScheduleEditor({
  editing,
  today,
  draft,
  store,
  section,
  onDraftErrors,
  onDueLater,
  onSaved,
}: ScheduleEditorProps & { section: string }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const { setDraft } = useApp((state) => state.actions);
  /** Closed without saving; a change gives the pay form back what it held before the payment filled it. */
  const cancel = () => {
    store.getState().actions.closeEditor();
    if (editing.id && editing.before) setDraft(editing.before);
  };
  const [form, setForm] = useState<ScheduleForm>(editing.form);
  const [errors, setErrors] = useState<Partial<Record<ScheduleField, ScheduleFieldError>>>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [fix, setFix] = useState(false);
  const change = (patch: Partial<ScheduleForm>) => {
    setForm((before) => ({ ...before, ...patch }));
    // What was said of a field goes once it is changed; the rest stays until the next save.
    setErrors((before) => {
      const next = { ...before };
      for (const key of Object.keys(patch)) delete next[key as ScheduleField];
      if ('kind' in patch || 'end' in patch) return {};
      return next;
    });
    setFix(false);
  };
  const preview = previewDates(form, today, editing.handled);
  // The pay form's amount is judged by the limit of the day the payment first comes due, while the editor is open.
  const later = preview[0] !== today;
  useEffect(() => onDueLater(later), [later, onDueLater]);
  useEffect(() => () => onDueLater(false), [onDueLater]);
  const errorFor = (field: ScheduleField): string | undefined => {
    const code = errors[field];
    if (!code) return undefined;
    const key = `schedule.error.${code}`;
    return t(hasMessage(key) ? key : 'schedule.error.invalid_date', {
      max: form.kind === 'weekly' ? MAX_WEEKLY_TIMES : MAX_MONTHLY_TIMES,
      when: formatDueDate(oneYearAfter(today), locale, { weekday: false }),
    });
  };
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      document.getElementById(section)?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const save = async () => {
    if (saving) return;
    setProblem(undefined);
    const built = toSchedule(form);
    if (built.errors) {
      setErrors(built.errors);
      setFix(true);
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const saved = await unwrap(
        wallet.saveDue({
          ...(editing.id ? { id: editing.id } : {}),
          draft,
          schedule: built.schedule,
          ...(form.remind ? { remind: form.remind } : {}),
        }),
      );
      store.getState().actions.take(saved.list);
      if (saved.errors || saved.scheduleErrors) {
        setErrors((saved.scheduleErrors ?? {}) as Partial<Record<ScheduleField, ScheduleFieldError>>);
        onDraftErrors(saved.errors ?? {});
        setFix(true);
        focusFirstError();
        return;
      }
      onSaved(saved);
    } catch (caught) {
      setProblem(errorText(errorCode(caught)));
    } finally {
      setSaving(false);
    }
  };

  return { form, change, errorFor, preview, problem, saving, fix, save, cancel };
}
