import { useState } from 'react';
import type { OwnAccount } from '../../../../common/address-book.ts';
import { normalizeAccountNumber } from '../../../../common/account-number.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useWallet } from '../../state/wallet-context.tsx';

/** Adding an own account to pay from, folded under the From fieldset (open while there is none). */
export function AddAccount({ open, onSaved }: { open: boolean; onSaved: (list: OwnAccount[], added: string) => void }) {
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
