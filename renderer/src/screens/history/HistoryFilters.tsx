import { useId } from 'react';
import { HISTORY_SEARCH_MAX, type PaymentState } from '../../../../common/payment-rules.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { DateField } from '../../components/DateField.tsx';
import { FILTER_STATES, rangeInvalid, type FilterForm } from './filter-form.ts';
import { stateKey } from './show.ts';

/** The filters' form: where the focus goes once Clear filters has cleared them (the button goes with it). */
export const HISTORY_FILTERS_ID = 'history-filters';

/** Date range (the customer's calendar days, both included), states, payee and free text. */
export function HistoryFilters({
  form,
  onChange,
  onClear,
}: {
  form: FilterForm;
  onChange: (patch: Partial<FilterForm>) => void;
  onClear: () => void;
}) {
  const t = useT();
  const id = useId();
  const locale = useApp((state) => state.locale);
  const invalid = rangeInvalid(form);
  const toggle = (state: PaymentState, on: boolean) =>
    onChange({ states: on ? [...form.states, state] : form.states.filter((s) => s !== state) });
  const anything = form.from || form.to || form.states.length > 0 || form.payee || form.text;

  return (
    <form
      id={HISTORY_FILTERS_ID}
      className="history-filters"
      role="search"
      aria-label={t('history.filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="history-field-row">
        <div className="history-control">
          <label htmlFor={`${id}-from`}>{t('history.from')}</label>
          <DateField
            id={`${id}-from`}
            value={form.from}
            locale={locale}
            describedBy={`${id}-format`}
            onChange={(from) => onChange({ from })}
          />
        </div>
        <div className="history-control">
          <label htmlFor={`${id}-to`}>{t('history.to')}</label>
          <DateField
            id={`${id}-to`}
            value={form.to}
            locale={locale}
            invalid={invalid}
            describedBy={invalid ? `${id}-format ${id}-range` : `${id}-format`}
            onChange={(to) => onChange({ to })}
          />
        </div>
      </div>
      <small id={`${id}-format`}>{t('history.dateFormat')}</small>
      {invalid && (
        <p id={`${id}-range`} className="history-error">
          {t('history.rangeInvalid')}
        </p>
      )}
      <fieldset className="history-states">
        <legend>{t('history.status')}</legend>
        {FILTER_STATES.map((state) => (
          <label key={state} className="history-check">
            <input
              type="checkbox"
              checked={form.states.includes(state)}
              onChange={(event) => toggle(state, event.target.checked)}
            />
            <span>{t(stateKey(state))}</span>
          </label>
        ))}
      </fieldset>
      <div className="history-field-row">
        <div className="history-control">
          <label htmlFor={`${id}-payee`}>{t('history.payee')}</label>
          <input
            id={`${id}-payee`}
            type="search"
            value={form.payee}
            maxLength={HISTORY_SEARCH_MAX}
            aria-describedby={`${id}-payee-hint`}
            onChange={(event) => onChange({ payee: event.target.value })}
          />
          <small id={`${id}-payee-hint`}>{t('history.payeeHint')}</small>
        </div>
        <div className="history-control">
          <label htmlFor={`${id}-text`}>{t('history.text')}</label>
          <input
            id={`${id}-text`}
            type="search"
            value={form.text}
            maxLength={HISTORY_SEARCH_MAX}
            aria-describedby={`${id}-text-hint`}
            onChange={(event) => onChange({ text: event.target.value })}
          />
          <small id={`${id}-text-hint`}>{t('history.textHint')}</small>
        </div>
      </div>
      {anything && (
        <button type="button" className="link" onClick={onClear}>
          {t('history.clear')}
        </button>
      )}
    </form>
  );
}
