import type { Payee } from '../../../../common/address-book.ts';
import { displayAccount } from '../../../../common/account-number.ts';
import { TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import type { PayDraft } from '../../state/app-store.ts';
import type { DraftCheck } from './use-draft-check.ts';

/** The pay form's "To": a saved payee to choose, or the payee's kennitala, account and name as typed. */
export function PayeeFieldset({
  payees,
  savedPayee,
  onChoose,
  draft,
  change,
  check,
}: {
  payees: Payee[];
  /** The saved payee the draft pays, if it is one. */
  savedPayee: Payee | undefined;
  /** A saved payee chosen by its id ('' for none). */
  onChoose: (id: string) => void;
  draft: PayDraft;
  change: (patch: Partial<PayDraft>) => void;
  check: DraftCheck;
}) {
  const t = useT();
  const { validation } = check;
  return (
    <fieldset>
      <legend>{t('pay.to')}</legend>
      {payees.length > 0 && (
        <div className="field saved-payee">
          <label htmlFor="saved-payee">{t('pay.savedPayee')}</label>
          <select id="saved-payee" value={savedPayee?.id ?? ''} onChange={(event) => onChoose(event.target.value)}>
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
        onBlur={check.touch('depositKennitala')}
        inputMode="numeric"
        error={check.errorFor('depositKennitala')}
        testId="deposit-kennitala"
      />
      <TextField
        label={t('pay.depositAccount')}
        value={draft.depositAccount}
        onChange={(value) => change({ depositAccount: value })}
        onBlur={check.touch('depositAccount')}
        hint={t('pay.accountHint')}
        inputMode="numeric"
        error={check.errorFor('depositAccount')}
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
  );
}
