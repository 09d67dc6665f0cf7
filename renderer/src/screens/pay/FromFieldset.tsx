import { useRef } from 'react';
import type { OwnAccount } from '../../../../common/address-book.ts';
import { displayAccount } from '../../../../common/account-number.ts';
import { FieldFrame } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { useFocusAfter } from '../../lib/focus.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { AddAccount } from './AddAccount.tsx';
import type { DraftCheck } from './use-draft-check.ts';

/** The pay form's "From": who pays, from which of their own accounts, and adding one. */
export function FromFieldset({
  accounts,
  onAccounts,
  draft,
  change,
  check,
}: {
  accounts: OwnAccount[];
  onAccounts: (list: OwnAccount[]) => void;
  draft: PayDraft;
  change: (patch: Partial<PayDraft>) => void;
  check: DraftCheck;
}) {
  const t = useT();
  const session = useApp((state) => state.session);
  const focusAfter = useFocusAfter();
  const accountSelect = useRef<HTMLSelectElement>(null);
  const error = check.errorFor('debtorAccount');
  return (
    <fieldset>
      <legend>{t('pay.from')}</legend>
      {/* Signed out under the prompt to sign in again, there is no one to name. */}
      {session?.name && (
        <p className="muted" data-testid="owner">
          {t('pay.owner', { name: session.name, kennitala: session.maskedKennitala ?? '' })}
        </p>
      )}
      {accounts.length > 0 ? (
        <FieldFrame id="debtor-account" label={t('pay.fromAccount')} error={error}>
          {(describedBy) => (
            <select
              id="debtor-account"
              ref={accountSelect}
              value={draft.debtorAccount}
              onChange={(event) => change({ debtorAccount: event.target.value })}
              aria-invalid={error ? true : undefined}
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
          onAccounts(list);
          change({ debtorAccount: added });
          // The form to add one closes once there is an account: the focus goes to it, chosen in its select.
          focusAfter(() => accountSelect.current);
        }}
      />
    </fieldset>
  );
}
