import { useRef, useState } from 'react';
import { displayAccount } from '../../../../common/account-number.ts';
import type { OwnAccount, Payee } from '../../../../common/address-book.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import { PAYEE_NAME_MAX } from '../../../../common/payment-rules.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useWallet } from '../../state/wallet-context.tsx';

/** The longest label main accepts for an own account (common/address-book.ts). */
const LABEL_MAX = 60;

/**
 * The saved own accounts and payees, each renamed or removed here. A rename is a save with the entry's id, so main
 * applies the same checks as when it was added (a payee needs a name, a label at most 60 characters).
 */
export function AddressBook({
  accounts,
  payees,
  onAccounts,
  onPayees,
  onSchedule,
  scheduleReady = true,
}: {
  accounts: OwnAccount[];
  payees: Payee[];
  onAccounts: (list: OwnAccount[]) => void;
  onPayees: (list: Payee[]) => void;
  /** "Schedule a payment": the form filled with this payee, and its schedule editor open (issue 29). */
  onSchedule?: (payee: Payee) => void;
  /** Whether the schedule editor can open now: not before main's day is known (the Due list's answer). */
  scheduleReady?: boolean;
}) {
  const t = useT();
  const wallet = useWallet();
  const summary = useRef<HTMLElement>(null);
  const [said, setSaid] = useState('');
  /** The last removal, until it is undone or another comes: the entry is saved again as it was (a new id). */
  const [undo, setUndo] = useState<{ name: string; restore: () => Promise<void> }>();
  /**
   * A removed entry's buttons go with it: the focus goes back to the list's summary rather than to the page, and the
   * removal is said, with Undo next in the tab order.
   */
  const removing = (name: string, call: () => Promise<void>, restore: () => Promise<void>) => async () => {
    await call();
    setSaid(t('book.removed', { name }));
    setUndo({ name, restore });
    summary.current?.focus();
  };
  const undoing = async () => {
    if (!undo) return;
    setUndo(undefined);
    await undo.restore();
    setSaid(t('book.restored', { name: undo.name }));
    summary.current?.focus();
  };
  if (accounts.length === 0 && payees.length === 0) return null;
  return (
    <details className="address-book" data-testid="address-book">
      <summary ref={summary}>{t('book.title')}</summary>
      <p role="status" className="book-status">
        {said}
      </p>
      {undo && (
        <button type="button" className="link" onClick={() => void undoing()} data-testid="book-undo">
          {t('book.undo', { name: undo.name })}
        </button>
      )}
      {accounts.length > 0 && (
        <section aria-labelledby="book-accounts">
          <h3 id="book-accounts">{t('book.accounts')}</h3>
          <ul>
            {accounts.map((account) => (
              <Entry
                key={account.id}
                name={account.label}
                detail={displayAccount(account.accountNumber)}
                nameLabel={t('pay.newAccountLabel')}
                maxLength={LABEL_MAX}
                onRename={(label) =>
                  unwrap(wallet.saveAccount({ id: account.id, accountNumber: account.accountNumber, label })).then(
                    onAccounts,
                  )
                }
                onRemove={removing(
                  account.label || displayAccount(account.accountNumber),
                  () => unwrap(wallet.removeAccount({ id: account.id })).then(onAccounts),
                  () =>
                    unwrap(wallet.saveAccount({ accountNumber: account.accountNumber, label: account.label })).then(
                      onAccounts,
                    ),
                )}
              />
            ))}
          </ul>
        </section>
      )}
      {payees.length > 0 && (
        <section aria-labelledby="book-payees">
          <h3 id="book-payees">{t('book.payees')}</h3>
          <ul>
            {payees.map((payee) => (
              <Entry
                key={payee.id}
                name={payee.name}
                detail={`${formatKennitala(payee.kennitala)} · ${displayAccount(payee.accountNumber)}`}
                nameLabel={t('book.payeeName')}
                maxLength={PAYEE_NAME_MAX}
                {...(onSchedule ? { onSchedule: () => onSchedule(payee), scheduleReady } : {})}
                onRename={(name) =>
                  unwrap(
                    wallet.savePayee({
                      id: payee.id,
                      name,
                      kennitala: payee.kennitala,
                      accountNumber: payee.accountNumber,
                    }),
                  ).then(onPayees)
                }
                onRemove={removing(
                  payee.name,
                  () => unwrap(wallet.removePayee({ id: payee.id })).then(onPayees),
                  () =>
                    unwrap(
                      wallet.savePayee({
                        name: payee.name,
                        kennitala: payee.kennitala,
                        accountNumber: payee.accountNumber,
                      }),
                    ).then(onPayees),
                )}
              />
            ))}
          </ul>
        </section>
      )}
    </details>
  );
}

function Entry({
  name,
  detail,
  nameLabel,
  maxLength,
  onRename,
  onRemove,
  onSchedule,
  scheduleReady = true,
}: {
  name: string;
  detail: string;
  nameLabel: string;
  maxLength: number;
  onRename: (name: string) => Promise<void>;
  onRemove: () => Promise<void>;
  onSchedule?: () => void;
  scheduleReady?: boolean;
}) {
  const t = useT();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<string>();
  const [error, setError] = useState<string>();
  const shown = name || detail;

  const run = async (call: () => Promise<void>) => {
    setError(undefined);
    try {
      await call();
      setEditing(undefined);
    } catch (caught) {
      setError(errorText(errorCode(caught)));
    }
  };
  // Too long is refused here, as the input cannot hold more; main checks the rest.
  const rename = (value: string) =>
    value.length > maxLength ? setError(t('field.text.too_long', { max: maxLength })) : void run(() => onRename(value));

  if (editing !== undefined) {
    return (
      <li className="book-entry editing">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            rename(editing);
          }}
        >
          <TextField
            label={`${nameLabel} (${detail})`}
            value={editing}
            onChange={setEditing}
            error={error}
            testId="book-name"
            autoFocus
          />
          <div className="actions">
            <button type="submit" className="secondary">
              {t('action.save')}
            </button>
            <button type="button" onClick={() => (setEditing(undefined), setError(undefined))}>
              {t('action.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="book-entry">
      <span>
        {name && <strong>{name}</strong>} <span className="muted">{detail}</span>
      </span>
      <span className="actions">
        {onSchedule && (
          <button
            type="button"
            className="link"
            aria-label={t('book.scheduleTo', { name: shown })}
            disabled={!scheduleReady}
            onClick={onSchedule}
          >
            {t('book.schedule')}
          </button>
        )}
        <button
          type="button"
          className="link"
          aria-label={t('book.rename', { name: shown })}
          onClick={() => setEditing(name)}
        >
          {t('book.renameShort')}
        </button>
        <button
          type="button"
          className="link"
          aria-label={t('book.remove', { name: shown })}
          onClick={() => void run(onRemove)}
        >
          {t('action.remove')}
        </button>
      </span>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </li>
  );
}
