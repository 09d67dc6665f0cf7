import type { ReactNode } from 'react';
import { displayAccount } from '../../../../common/account-number.ts';
import { formatKennitala } from '../../../../common/kennitala.ts';
import type { RequestNameClaim, RequestNameConflict } from '../../../../common/payment-request.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { useT, type Translate } from '../../i18n/index.ts';
import type { RequestNotice as Notice } from '../../state/app-store.ts';

/**
 * What the pay form says of the payment request that filled it, or of one refused (issue 19). A request's name is
 * shown as what it is (issue 26, finding 3): "the name in the request", the requester's own claim, never "from"
 * anyone, with how it stands to the customer's saved payees as main found it. A conflict and a company's name on a
 * person's kennitala are warnings (role alert), said in words of what conflicts.
 */
export function RequestNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const conflict = notice.kind === 'filled' && notice.claim?.payees.kind === 'conflict';
  const company = notice.kind === 'filled' && notice.claim?.companyLike === true;
  return (
    <div
      className={`request-notice ${notice.kind}${conflict || company ? ' warned' : ''}`}
      data-testid="request-notice"
    >
      <div className="request-notice-text">
        {notice.kind === 'refused' ? (
          <p role="alert">{errorText(notice.code)}</p>
        ) : (
          <>
            <p role="status">{t('request.filled')}</p>
            {notice.name !== undefined && (
              <>
                <p data-testid="request-name">
                  {t('request.nameLabel')}{' '}
                  {/* An isolated run: a right-to-left name cannot reorder the words around it. */}
                  <bdi className="claimed-name">{notice.name}</bdi>
                </p>
                <p data-testid="request-name-claim">{t('request.nameClaim')}</p>
                {notice.claim && <PayeeComparison claim={notice.claim} />}
              </>
            )}
          </>
        )}
      </div>
      <button type="button" className="link" onClick={onDismiss}>
        {t('request.dismiss')}
      </button>
    </div>
  );
}

function PayeeComparison({ claim }: { claim: RequestNameClaim }) {
  const t = useT();
  const { payees } = claim;
  return (
    <>
      {payees.kind === 'match' && <p data-testid="request-payees">{t('request.payeeMatch')}</p>}
      {payees.kind === 'unknown' && <p data-testid="request-payees">{t('request.payeeUnknown')}</p>}
      {payees.kind === 'unchecked' && <p data-testid="request-payees">{t('request.payeeUnchecked')}</p>}
      {payees.kind === 'conflict' && (
        <div role="alert" className="request-warning" data-testid="request-conflict">
          <p>
            <strong>{t('request.conflictTitle')}</strong>
          </p>
          <ul>
            {payees.conflicts.map((conflict, index) => (
              <li key={index}>{conflictText(t, conflict)}</li>
            ))}
          </ul>
          <p>{t('request.conflictAdvice')}</p>
        </div>
      )}
      {claim.companyLike && (
        <p role="alert" className="request-warning" data-testid="request-company">
          <strong>{t('request.companyLike')}</strong>
        </p>
      )}
    </>
  );
}

/** One conflict in words; the saved payee's name kept apart from the text around it, as the claimed name is. */
function conflictText(t: Translate, conflict: RequestNameConflict): ReactNode {
  const text = t(`request.conflict.${conflict.kind}`, {
    kennitala: formatKennitala(conflict.kennitala),
    account: displayAccount(conflict.account),
  });
  const [before = '', after = ''] = text.split('{name}');
  return (
    <>
      {before}
      <bdi>{conflict.payeeName}</bdi>
      {after}
    </>
  );
}
