import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { CallFilter, CallGroup, CallList, CallSummary } from '../../../common/bank-calls.ts';
import { CALL_OUTCOMES } from '../../../common/call-rules.ts';
import { useErrorText } from '../components/ErrorText.tsx';
import { SelectField } from '../components/Field.tsx';
import { SupportBundle } from '../components/SupportBundle.tsx';
import { formatDateTime, formatNumber, formatTime } from '../i18n/format.ts';
import { useT } from '../i18n/index.ts';
import { errorCode, unwrap } from '../lib/api.ts';
import { useApp, useWallet } from '../state/wallet-context.tsx';
import { useCallStatus } from './calls/call-status.ts';
import { CallDetailDialog } from './calls/CallDetail.tsx';
import { SandboxPanel } from './calls/SandboxPanel.tsx';
import './calls/calls.css';

type Outcome = NonNullable<CallFilter['outcome']>;

/** The filters as the form holds them: an empty string is "all calls". */
interface FilterForm {
  paymentId: string;
  outcome: Outcome;
  errorCode: string;
}
const emptyForm = (): FilterForm => ({ paymentId: '', outcome: 'all', errorCode: '' });
const isFiltered = (form: FilterForm) => form.paymentId !== '' || form.outcome !== 'all' || form.errorCode !== '';

const toFilter = (form: FilterForm): CallFilter => ({
  outcome: form.outcome,
  ...(form.paymentId ? { paymentId: form.paymentId } : {}),
  ...(form.errorCode ? { errorCode: form.errorCode } : {}),
});

type Loaded = { status: 'loading' } | { status: 'error'; code: string } | { status: 'ready'; list: CallList };

/**
 * A tester's window on the bank (issue 30): every call the app made to the bank and its sign-in server, as main
 * kept them (secrets removed, numbers masked), a send and its retries together; the local sandbox's panel where the
 * profile has one; and the support bundle. The list is read again on Refresh, and as payments and the session change.
 */
export function BankCallsScreen() {
  const t = useT();
  const sandbox = useApp((state) => state.testerTools?.sandbox ?? false);
  const [form, setForm] = useState<FilterForm>(emptyForm);
  const { loaded, busy, load } = useCallList(form);

  return (
    <section className="calls-screen" aria-labelledby="calls-title">
      <h2 id="calls-title">{t('calls.title')}</h2>
      <p>{t('calls.intro')}</p>
      {sandbox && <SandboxPanel />}
      <section aria-labelledby="calls-list-title" className="calls-section" data-testid="calls">
        <div className="calls-head">
          <h3 id="calls-list-title">{t('calls.listTitle')}</h3>
          <button type="button" data-testid="calls-refresh" onClick={() => void load()}>
            {t('calls.refresh')}
          </button>
        </div>
        <CallFilters
          form={form}
          list={loaded.status === 'ready' ? loaded.list : undefined}
          onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
        />
        <CallsBody loaded={loaded} busy={busy} form={form} onClear={() => setForm(emptyForm())} onRetry={load} />
      </section>
      <SupportBundle className="calls-section" />
    </section>
  );
}

/** The list for the filters: read when they change, on Refresh, and when a payment or the session changes. */
function useCallList(form: FilterForm) {
  const wallet = useWallet();
  const profileId = useApp((state) => state.session?.profileId);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  /** Only the last read's answer is shown: an earlier one may come after it. */
  const seq = useRef(0);
  const filterKey = JSON.stringify(toFilter(form));

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setBusy(true);
    try {
      const list = await unwrap(wallet.listCalls(JSON.parse(filterKey) as CallFilter));
      if (mine === seq.current) setLoaded({ status: 'ready', list });
    } catch (error) {
      if (mine === seq.current) setLoaded({ status: 'error', code: errorCode(error) });
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  }, [wallet, filterKey]);

  useEffect(() => {
    void load();
  }, [load, profileId]);

  useEffect(() => {
    const stops = [wallet.onPaymentChanged(() => void load()), wallet.onSessionChanged(() => void load())];
    return () => stops.forEach((stop) => stop());
  }, [wallet, load]);

  return { loaded, busy, load };
}

function CallFilters({
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
  return (
    <form className="calls-filters" role="search" aria-label={t('calls.filters')} onSubmit={(e) => e.preventDefault()}>
      <div className="calls-control calls-payment">
        <SelectField
          label={t('calls.filter.payment')}
          value={form.paymentId}
          options={[['', t('calls.filter.all')], ...paymentIds.map((paymentId) => [paymentId, paymentId] as const)]}
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

function CallsBody({
  loaded,
  busy,
  form,
  onClear,
  onRetry,
}: {
  loaded: Loaded;
  busy: boolean;
  form: FilterForm;
  onClear: () => void;
  onRetry: () => Promise<void>;
}) {
  const t = useT();
  const errorText = useErrorText();
  const locale = useApp((state) => state.locale);
  const [opened, setOpened] = useState<string>();

  if (loaded.status === 'loading') {
    return (
      <p className="calls-state" role="status" aria-busy="true" data-testid="calls-loading">
        {t('calls.loading')}
      </p>
    );
  }
  if (loaded.status === 'error') {
    return (
      <div className="calls-state" role="alert" data-testid="calls-error">
        <p>
          {t('calls.loadFailed')} {errorText(loaded.code)}
        </p>
        <button type="button" onClick={() => void onRetry()}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  const { list } = loaded;
  const shown = list.groups.reduce((sum, group) => sum + group.calls.length, 0);
  return (
    <div className="calls-results" aria-busy={busy || undefined}>
      <p className="calls-count" aria-live="polite" data-testid="calls-count">
        {shown > 0 && t('calls.count', { count: formatNumber(shown, locale) })}
      </p>
      {list.dropped > 0 && (
        <p className="hint" data-testid="calls-dropped">
          {t('calls.dropped', { count: formatNumber(list.dropped, locale) })}
        </p>
      )}
      {list.total === 0 ? (
        <p className="calls-state" data-testid="calls-empty">
          {t('calls.empty')}
        </p>
      ) : list.groups.length === 0 ? (
        <div className="calls-state" data-testid="calls-empty">
          <p>{t('calls.noMatch')}</p>
          {isFiltered(form) && (
            <button type="button" onClick={onClear}>
              {t('calls.clear')}
            </button>
          )}
        </div>
      ) : (
        <ol className="call-groups" aria-label={t('calls.list')} data-testid="call-groups">
          {list.groups.map((group, index) => (
            <Group key={group.requestId ?? group.calls[0]?.id ?? String(index)} group={group} onOpen={setOpened} />
          ))}
        </ol>
      )}
      {opened !== undefined && <CallDetailDialog id={opened} onClose={() => setOpened(undefined)} />}
    </div>
  );
}

/** A request id's calls (a send and its retries), with the payment they were for. */
function Group({ group, onOpen }: { group: CallGroup; onOpen: (id: string) => void }) {
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
          <Call key={call.id} call={call} onOpen={onOpen} />
        ))}
      </ol>
    </li>
  );
}

function Call({ call, onOpen }: { call: CallSummary; onOpen: (id: string) => void }) {
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
          {Number.isNaN(at) ? call.at : formatTime(at, locale)}
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
