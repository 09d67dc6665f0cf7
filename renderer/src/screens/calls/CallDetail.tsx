import { useEffect, useState } from 'react';
import type { CallDetail } from '../../../../common/bank-calls.ts';
import { REMOVED } from '../../../../common/call-rules.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useErrorText } from '../../components/ErrorText.tsx';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { useCallStatus } from './call-status.ts';

type Exchange = CallDetail['request'];

/**
 * One call opened: what was sent and what came back, as main kept them (callDetail): the headers known to be safe
 * with their values, the others named with their values removed, and the bodies (said where they were cut). The
 * dialog gives the focus back to the call's button as it closes.
 */
export function CallDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const [detail, setDetail] = useState<CallDetail>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let current = true;
    unwrap(wallet.callDetail({ id })).then(
      (read) => current && setDetail(read),
      (caught: unknown) => current && setError(errorCode(caught)),
    );
    return () => {
      current = false;
    };
  }, [wallet, id]);

  const removed = detail
    ? [detail.request, detail.response].some((exchange) =>
        Object.values(exchange?.headers ?? {}).some((value) => value === REMOVED),
      )
    : false;

  return (
    <Dialog title={t('calls.detail.title')} onClose={onClose} className="call-detail">
      <div data-testid="call-detail">
        {!detail && !error && (
          <p role="status" aria-busy="true">
            {t('calls.detail.loading')}
          </p>
        )}
        {error && (
          <p role="alert" className="error" data-testid="call-detail-error">
            {errorText(error)}
          </p>
        )}
        {detail && (
          <>
            <Summary detail={detail} />
            <ExchangeView title={t('calls.detail.request')} exchange={detail.request} testId="call-request" />
            {detail.response ? (
              <ExchangeView title={t('calls.detail.response')} exchange={detail.response} testId="call-response" />
            ) : (
              <section className="call-exchange" data-testid="call-response">
                <h3>{t('calls.detail.response')}</h3>
                <p>{t('calls.detail.noResponse')}</p>
              </section>
            )}
            {removed && (
              <p className="hint" data-testid="call-removed-note">
                {t('calls.detail.removed')}
              </p>
            )}
          </>
        )}
        <div className="actions">
          <button type="button" onClick={onClose} data-autofocus>
            {t('action.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Summary({ detail }: { detail: CallDetail }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const statusOf = useCallStatus();
  const at = Date.parse(detail.at);
  return (
    <>
      <p className="call-line">
        <span className="call-method">{detail.method}</span> <span className="call-path">{detail.path}</span>
      </p>
      <dl className="call-facts">
        <div>
          <dt>{t('calls.field.status')}</dt>
          <dd data-testid="call-detail-status">{statusOf(detail)}</dd>
        </div>
        <div>
          <dt>{t('calls.field.duration')}</dt>
          <dd>{formatNumber(detail.durationMs, locale)} ms</dd>
        </div>
        {!Number.isNaN(at) && (
          <div>
            <dt>{t('calls.field.time')}</dt>
            <dd>
              <time dateTime={detail.at}>{formatDateTime(at, locale)}</time>
            </dd>
          </div>
        )}
        {detail.requestId && (
          <div>
            <dt>{t('calls.field.requestId')}</dt>
            <dd>
              <code>{detail.requestId}</code>
            </dd>
          </div>
        )}
        {detail.errorCode && (
          <div>
            <dt>{t('calls.field.errorCode')}</dt>
            <dd>{detail.errorCode}</dd>
          </div>
        )}
        <div>
          <dt>{t('calls.field.service')}</dt>
          <dd>{t(`calls.service.${detail.service}`)}</dd>
        </div>
        <div>
          <dt>{t('calls.field.attempt')}</dt>
          <dd>{formatNumber(detail.attempt, locale)}</dd>
        </div>
      </dl>
    </>
  );
}

function ExchangeView({ title, exchange, testId }: { title: string; exchange: Exchange; testId: string }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const headers = Object.entries(exchange.headers);
  return (
    <section className="call-exchange" data-testid={testId}>
      <h3>{title}</h3>
      <h4>{t('calls.detail.headers')}</h4>
      {headers.length === 0 ? (
        <p>{t('calls.detail.noHeaders')}</p>
      ) : (
        <dl className="call-headers">
          {headers.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value === REMOVED ? <em className="call-removed">{t('calls.detail.removedValue')}</em> : value}</dd>
            </div>
          ))}
        </dl>
      )}
      <h4>{t('calls.detail.body')}</h4>
      {exchange.body === undefined ? (
        <p>{t('calls.detail.noBody')}</p>
      ) : (
        <pre className="call-body">{exchange.body}</pre>
      )}
      {exchange.cutChars !== undefined && exchange.cutChars > 0 && (
        <p className="hint" data-testid="call-cut">
          {t('calls.detail.cut', { count: formatNumber(exchange.cutChars, locale) })}
        </p>
      )}
    </section>
  );
}
