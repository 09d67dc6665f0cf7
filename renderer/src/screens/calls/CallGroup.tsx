import { useId } from 'react';
import type { CallGroup as Group, CallSummary } from '../../../../common/bank-calls.ts';
import { formatDateTime, formatNumber, formatTime, sameDay } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';
import { useCallStatus } from './call-status.ts';

// One group of the bank calls' list (BankCallsScreen.tsx) and its calls, each with the button that opens it.

/**
 * A request id's calls (a send and its retries), with the payment they were for. `asOf`: main's time when the list
 * was read, the "today" of the calls' times.
 */
export function CallGroup({ group, asOf, onOpen }: { group: Group; asOf: number; onOpen: (id: string) => void }) {
  const t = useT();
  const paymentId = group.paymentId ?? group.calls.find((call) => call.paymentId)?.paymentId;
  const name = group.requestId ? t('calls.group', { requestId: group.requestId }) : t('calls.group.none');
  return (
    <li className="call-group" data-testid="call-group" data-request-id={group.requestId}>
      <dl className="call-group-head">
        <div>
          <dt>{t('calls.field.requestId')}</dt>
          <dd>
            {group.requestId ? (
              <code data-testid="call-group-request-id">{group.requestId}</code>
            ) : (
              t('calls.group.none')
            )}
          </dd>
        </div>
        {paymentId && (
          <div>
            <dt>{t('calls.field.payment')}</dt>
            <dd>
              <code data-testid="call-group-payment">{paymentId}</code>
            </dd>
          </div>
        )}
      </dl>
      <ol className="call-attempts" aria-label={name}>
        {group.calls.map((call) => (
          <Call key={call.id} call={call} asOf={asOf} onOpen={onOpen} />
        ))}
      </ol>
    </li>
  );
}

function Call({ call, asOf, onOpen }: { call: CallSummary; asOf: number; onOpen: (id: string) => void }) {
  const t = useT();
  const id = useId();
  const locale = useApp((state) => state.locale);
  const statusOf = useCallStatus();
  const at = Date.parse(call.at);
  const failed = call.status === undefined || call.status >= 400;
  return (
    <li className="call" data-testid="call" data-call-id={call.id}>
      <p className="call-line" id={`${id}-line`}>
        <span className="call-attempt" data-testid="call-attempt">
          {t('calls.attempt', { count: call.attempt })}
        </span>{' '}
        <time dateTime={call.at} title={Number.isNaN(at) ? undefined : formatDateTime(at, locale)}>
          {/* The time alone today; a call of another day (an earlier run's, or the day before) with its date. */}
          {Number.isNaN(at) ? call.at : sameDay(at, asOf) ? formatTime(at, locale) : formatDateTime(at, locale)}
        </time>{' '}
        <span className="call-method">{call.method}</span> <span className="call-path">{call.path}</span>
      </p>
      <dl className="call-facts">
        <div>
          <dt>{t('calls.field.status')}</dt>
          <dd className={failed ? 'call-failed' : 'call-ok'} data-testid="call-status">
            {statusOf(call)}
          </dd>
        </div>
        <div>
          <dt>{t('calls.field.duration')}</dt>
          <dd data-testid="call-duration">{formatNumber(call.durationMs, locale)} ms</dd>
        </div>
        {call.errorCode && (
          <div>
            <dt>{t('calls.field.errorCode')}</dt>
            <dd data-testid="call-error-code">{call.errorCode}</dd>
          </div>
        )}
        <div>
          <dt>{t('calls.field.service')}</dt>
          <dd>{t(`calls.service.${call.service}`)}</dd>
        </div>
        <div>
          <dt>{t('calls.field.run')}</dt>
          <dd data-testid="call-run">{call.run === 0 ? t('calls.run.this') : t('calls.run.earlier')}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="call-open"
        aria-describedby={`${id}-line`}
        data-testid="call-open"
        onClick={() => onOpen(call.id)}
      >
        {t('calls.open')}
      </button>
    </li>
  );
}
