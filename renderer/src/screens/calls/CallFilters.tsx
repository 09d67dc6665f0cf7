import type { CallList } from '../../../../common/bank-calls.ts';
import { CALL_OUTCOMES } from '../../../../common/call-rules.ts';
import { SelectField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import type { FilterForm, Outcome } from './use-call-list.ts';
import { usePaymentNames } from './use-payment-names.ts';

/**
 * The bank calls' filters: a payment (by its amount, payee and time), an outcome and an error code, each chosen from
 * what the list holds.
 */

export function CallFilters({
  form,
  list,
  onChange,
}: {
  form: FilterForm;
  list: CallList | undefined;
  onChange: (patch: Partial<FilterForm>) => void;
}) {
  const t = useT();
  // What is chosen stays a choice while the list is read again, or no longer holds it.
  const paymentIds = withChosen(list?.paymentIds ?? [], form.paymentId);
  const errorCodes = withChosen(list?.errorCodes ?? [], form.errorCode);
  const nameOf = usePaymentNames(paymentIds);
  return (
    <form className="calls-filters" role="search" aria-label={t('calls.filters')} onSubmit={(e) => e.preventDefault()}>
      <div className="calls-control calls-payment">
        <SelectField
          label={t('calls.filter.payment')}
          value={form.paymentId}
          options={[
            ['', t('calls.filter.all')],
            ...paymentIds.map((paymentId) => [paymentId, nameOf(paymentId)] as const),
          ]}
          onChange={(paymentId) => onChange({ paymentId })}
          testId="calls-filter-payment"
        />
      </div>
      <div className="calls-control">
        <SelectField<Outcome>
          label={t('calls.filter.outcome')}
          value={form.outcome}
          options={CALL_OUTCOMES.map((outcome) => [outcome, t(`calls.outcome.${outcome}`)] as const)}
          onChange={(outcome) => onChange({ outcome })}
          testId="calls-filter-outcome"
        />
      </div>
      <div className="calls-control">
        <SelectField
          label={t('calls.filter.errorCode')}
          value={form.errorCode}
          options={[['', t('calls.filter.all')], ...errorCodes.map((code) => [code, code] as const)]}
          onChange={(errorCode) => onChange({ errorCode })}
          testId="calls-filter-error"
        />
      </div>
    </form>
  );
}

const withChosen = (values: readonly string[], chosen: string) =>
  chosen === '' || values.includes(chosen) ? values : [chosen, ...values];
