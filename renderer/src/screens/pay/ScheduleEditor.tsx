import { useId } from 'react';
import { DUE_REMIND_DAYS, type DueRemind } from '../../../../common/due-rules.ts';
import type { Weekday } from '../../../../common/schedule.ts';
import { FieldFrame } from '../../components/Field.tsx';
import { formatDueDate, ordinal, WEEKDAYS, weekdayName } from '../../i18n/due-dates.ts';
import { useT } from '../../i18n/index.ts';
import { useFocusOnShow } from '../../lib/focus.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { DayInput } from './DayInput.tsx';
import { useScheduleEditor, type ScheduleEditorProps } from './use-schedule-editor.ts';

/**
 * "Pay later or repeat" on the pay form (issue 29): once on a date, every week on a weekday, every month on a day,
 * with an optional end; the next three dates shown as they are chosen, reckoned from main's day. Saving sends the
 * form's draft with the schedule (saveDue): main checks both, and its errors are said at their fields (the draft's
 * at the pay form's, through `onDraftErrors`); nothing is saved then. Part of the pay form, so its buttons are not
 * submit buttons, and Enter in one of its fields saves the schedule rather than reviewing a payment.
 */
export function ScheduleEditor(props: ScheduleEditorProps) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const { editing, today } = props;
  const heading = useFocusOnShow<HTMLHeadingElement>(editing.seq);
  const section = useId();
  const { form, change, errorFor, preview, problem, saving, fix, save, cancel } = useScheduleEditor({
    ...props,
    section,
  });

  const repeat = form.kind !== 'once';
  return (
    <section
      className="schedule"
      id={section}
      aria-labelledby={`${section}-title`}
      data-testid="schedule-editor"
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type !== 'radio') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <h3 id={`${section}-title`} ref={heading} tabIndex={-1}>
        {t(editing.id ? 'schedule.changeTitle' : 'schedule.title')}
      </h3>
      <p className="muted">{t('schedule.intro')}</p>
      <fieldset className="schedule-kind">
        <legend>{t('schedule.how')}</legend>
        {(['once', 'weekly', 'monthly'] as const).map((kind) => (
          <label key={kind} className="radio">
            <input
              type="radio"
              name={`${section}-kind`}
              value={kind}
              checked={form.kind === kind}
              onChange={() => change({ kind })}
            />
            {t(`schedule.${kind}`)}
          </label>
        ))}
      </fieldset>
      <div className="schedule-fields">
        {form.kind === 'once' && (
          <DayInput
            id={`${section}-date`}
            label={t('schedule.date')}
            hint={t('schedule.dateHint')}
            value={form.date}
            error={errorFor('date')}
            onChange={(date) => change({ date })}
          />
        )}
        {form.kind === 'weekly' && (
          <FieldFrame id={`${section}-weekday`} label={t('schedule.weekday')} error={errorFor('weekday')}>
            {(describedBy) => (
              <select
                id={`${section}-weekday`}
                value={form.weekday}
                aria-describedby={describedBy}
                onChange={(event) => change({ weekday: Number(event.target.value) as Weekday })}
              >
                {WEEKDAYS.map((weekday) => (
                  <option key={weekday} value={weekday}>
                    {weekdayName(weekday, locale)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        )}
        {form.kind === 'monthly' && (
          <FieldFrame
            id={`${section}-day`}
            label={t('schedule.day')}
            hint={t('schedule.dayHint')}
            error={errorFor('day')}
          >
            {(describedBy) => (
              <select
                id={`${section}-day`}
                value={form.day}
                aria-describedby={describedBy}
                onChange={(event) => change({ day: Number(event.target.value) })}
              >
                {Array.from({ length: 31 }, (_, index) => index + 1).map((day) => (
                  <option key={day} value={day}>
                    {ordinal(day, locale)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
        )}
        {repeat && (
          <DayInput
            id={`${section}-start`}
            label={t('schedule.start')}
            hint={t('schedule.dateHint')}
            value={form.start}
            error={errorFor('start')}
            onChange={(start) => change({ start })}
          />
        )}
      </div>
      {repeat && (
        <fieldset className="schedule-end">
          <legend>{t('schedule.end')}</legend>
          {(['never', 'until', 'times'] as const).map((end) => (
            <label key={end} className="radio">
              <input
                type="radio"
                name={`${section}-end`}
                value={end}
                checked={form.end === end}
                onChange={() => change({ end })}
              />
              {t(`schedule.end.${end}`)}
            </label>
          ))}
          {form.end === 'until' && (
            <DayInput
              id={`${section}-until`}
              label={t('schedule.until')}
              value={form.until}
              error={errorFor('until')}
              onChange={(until) => change({ until })}
            />
          )}
          {form.end === 'times' && (
            <FieldFrame id={`${section}-times`} label={t('schedule.times')} error={errorFor('times')}>
              {(describedBy) => (
                <input
                  id={`${section}-times`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  value={form.times}
                  aria-invalid={errorFor('times') ? true : undefined}
                  aria-describedby={describedBy}
                  onChange={(event) => change({ times: event.target.value })}
                />
              )}
            </FieldFrame>
          )}
        </fieldset>
      )}
      <FieldFrame id={`${section}-remind`} label={t('schedule.remind')} hint={t('schedule.remindHint')}>
        {(describedBy) => (
          <select
            id={`${section}-remind`}
            value={form.remind}
            aria-describedby={describedBy}
            onChange={(event) => change({ remind: Number(event.target.value) as 0 | DueRemind })}
          >
            <option value={0}>{t('schedule.remind.off')}</option>
            {DUE_REMIND_DAYS.map((days) => (
              <option key={days} value={days}>
                {t('schedule.remind.days', { days })}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <div className="schedule-preview" aria-live="polite" data-testid="schedule-preview">
        <h4 id={`${section}-preview`}>{t('schedule.preview')}</h4>
        {preview.length > 0 ? (
          <ol aria-labelledby={`${section}-preview`}>
            {preview.map((date) => (
              <li key={date}>{formatDueDate(date, locale, { today })}</li>
            ))}
          </ol>
        ) : (
          <p className="muted">{t('schedule.previewNone')}</p>
        )}
      </div>
      {fix && (
        <p role="alert" className="error">
          {t('pay.fixErrors')}
        </p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={saving}
          aria-busy={saving || undefined}
          onClick={() => void save()}
        >
          {t(editing.id ? 'schedule.saveChange' : 'schedule.save')}
        </button>
        <button type="button" onClick={cancel}>
          {t('action.cancel')}
        </button>
      </div>
    </section>
  );
}
