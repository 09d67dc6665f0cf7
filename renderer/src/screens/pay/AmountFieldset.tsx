import { useState } from 'react';
import { TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { amountCharacters, regroupAmount } from '../../lib/format-input.ts';
import type { PayDraft } from '../../state/app-store.ts';
import { useApp } from '../../state/wallet-context.tsx';
import type { DraftCheck } from './use-draft-check.ts';

/**
 * The pay form's amount and its references. Only what an amount can be is let in (digits, grouping, spaces), grouped
 * as the language writes it: a letter typed is left out and said, rather than put in the field for the check to refuse
 * after the fact.
 */
export function AmountFieldset({
  draft,
  change,
  check,
}: {
  draft: PayDraft;
  change: (patch: Partial<PayDraft>) => void;
  check: DraftCheck;
}) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  /** A character the amount cannot hold was typed (or pasted) and left out: said under it until the field is left. */
  const [amountRefused, setAmountRefused] = useState(false);
  return (
    <fieldset>
      <legend>{t('pay.amount')}</legend>
      <TextField
        label={t('pay.amount')}
        value={draft.amount}
        onChange={(value) => {
          const kept = amountCharacters(value);
          if (kept !== value) setAmountRefused(true);
          change({ amount: regroupAmount(kept, locale) });
        }}
        onBlur={() => {
          setAmountRefused(false);
          check.touch('amount')();
        }}
        hint={amountRefused ? t('pay.amountDigitsOnly') : t('pay.amountHint')}
        inputMode="numeric"
        error={check.errorFor('amount')}
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
        onBlur={check.touch('endToEndId')}
        hint={t('pay.endToEndIdHint')}
        error={check.errorFor('endToEndId')}
        testId="reference"
      />
      <TextField
        label={t('pay.extendedReference')}
        value={draft.extendedReference}
        onChange={(value) => change({ extendedReference: value })}
        onBlur={check.touch('extendedReference')}
        hint={t('pay.extendedReferenceHint')}
        error={check.errorFor('extendedReference')}
        testId="message"
      />
    </fieldset>
  );
}
