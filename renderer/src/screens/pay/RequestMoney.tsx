import { useId, useRef, useState, type FormEvent } from 'react';
import { displayAccount } from '../../../../common/account-number.ts';
import type { OwnAccount } from '../../../../common/address-book.ts';
import type { CreatedPaymentRequest } from '../../../../common/bridge-contract.ts';
import { DAILY_LIMIT_ISK, parseAndCheckAmount } from '../../../../common/isk-amount.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { drawCaption, pngWidth } from '../../lib/qr-caption.ts';
import { TextField } from '../../components/Field.tsx';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { fieldErrorText } from './field-errors.ts';
import { regroupAmount } from '../../lib/format-input.ts';
import { requestCaption } from './request-caption.ts';
import { RequestLargeView } from './RequestLargeView.tsx';

/**
 * "Request money": one of the customer's own accounts, optionally an amount and a text; main makes the link (with
 * the customer's kennitala and name) and its QR code, to copy, save as PNG or show.
 */
/** Request money in its dialog: one part, loaded together the first time it opens (pay/lazy-parts.ts). */
export function RequestMoneyDialog({ accounts, onClose }: { accounts: OwnAccount[]; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('request.title')} onClose={onClose}>
      <RequestMoney accounts={accounts} onClose={onClose} />
    </Dialog>
  );
}

export function RequestMoney({ accounts, onClose }: { accounts: OwnAccount[]; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const locale = useApp((state) => state.locale);
  const [account, setAccount] = useState(accounts[0]?.accountNumber ?? '');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState('');
  const [made, setMade] = useState<CreatedPaymentRequest>();
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState('');
  const [large, setLarge] = useState(false);
  const busy = useRef(false);
  const accountId = useId();
  const linkId = useId();

  const amountCheck = amount.trim() === '' ? undefined : parseAndCheckAmount(amount);
  const amountError =
    amountCheck && !amountCheck.ok
      ? fieldErrorText('amount', amountCheck.error, { t, locale, remaining: DAILY_LIMIT_ISK })
      : undefined;

  const make = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current || (amountCheck && !amountCheck.ok)) return;
    busy.current = true;
    setProblem(undefined);
    setSaid('');
    try {
      setMade(
        await unwrap(
          wallet.createPaymentRequest({
            account,
            ...(amountCheck?.ok ? { amount: amountCheck.value } : {}),
            ...(message.trim() ? { message: message.trim() } : {}),
          }),
        ),
      );
    } catch (error) {
      setProblem(errorCode(error));
    } finally {
      busy.current = false;
    }
  };

  const copy = async () => {
    if (!made) return;
    await navigator.clipboard.writeText(made.link).then(
      () => setSaid(t('request.copied')),
      () => setProblem('UNKNOWN'),
    );
  };

  const savePng = async () => {
    if (!made) return;
    try {
      // The caption under the code, as wide as main's QR code (the one on screen is the same rendering of the link).
      const width = pngWidth(made.qr);
      const caption = width ? await drawCaption(requestCaption(made.request, t, locale).lines, width) : undefined;
      const saved = await unwrap(wallet.savePaymentRequestQr({ link: made.link, ...(caption ? { caption } : {}) }));
      if (saved.saved) setSaid(t('request.saved', { fileName: saved.fileName ?? '', folder: saved.folder ?? '' }));
    } catch (error) {
      setProblem(errorCode(error));
    }
  };

  const close = (
    <div className="actions">
      <button type="button" onClick={onClose}>
        {t('action.close')}
      </button>
    </div>
  );

  if (accounts.length === 0) {
    return (
      <div className="request-money">
        <p className="notice">{t('request.noAccounts')}</p>
        {close}
      </div>
    );
  }

  return (
    <div className="request-money" data-testid="request-money">
      <p>{t('request.intro')}</p>
      <form onSubmit={(event) => void make(event)} noValidate>
        <div className="field">
          <label htmlFor={accountId}>{t('request.account')}</label>
          <select id={accountId} value={account} onChange={(event) => setAccount(event.target.value)}>
            {accounts.map((each) => (
              <option key={each.id} value={each.accountNumber}>
                {each.label ? `${each.label} · ` : ''}
                {displayAccount(each.accountNumber)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('request.amount')}
          value={amount}
          onChange={(value) => setAmount(regroupAmount(value, locale))}
          inputMode="numeric"
          error={amountError}
          {...(locale === 'is' ? { suffix: 'kr.' } : { prefix: 'ISK' })}
          testId="request-amount"
        />
        <TextField label={t('request.message')} value={message} onChange={setMessage} testId="request-message" />
        <div className="actions">
          <button type="submit" className="primary">
            {t('request.create')}
          </button>
        </div>
      </form>
      {problem && (
        <p role="alert" className="error">
          {errorText(problem)}
        </p>
      )}
      {made && (
        <section className="request-made" data-testid="request-made">
          <label htmlFor={linkId}>{t('request.link')}</label>
          <input id={linkId} readOnly value={made.link} data-testid="request-link" onFocus={(e) => e.target.select()} />
          <img
            className="request-qr"
            src={made.qr}
            alt={t('request.qrAlt', { account: displayAccount(made.request.account) })}
            data-testid="request-qr"
          />
          <div className="actions">
            <button type="button" onClick={() => void copy()}>
              {t('request.copy')}
            </button>
            <button type="button" onClick={() => void savePng()}>
              {t('request.savePng')}
            </button>
            <button type="button" onClick={() => setLarge(true)}>
              {t('request.showLarge')}
            </button>
          </div>
          {large && <RequestLargeView made={made} onClose={() => setLarge(false)} />}
        </section>
      )}
      <p role="status" className="request-status">
        {said}
      </p>
      {close}
    </div>
  );
}
