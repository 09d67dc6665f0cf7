import { useState } from 'react';
import { useErrorText } from '../components/ErrorText.tsx';
import { SupportBundle } from '../components/SupportBundle.tsx';
import { formatNumber } from '../i18n/format.ts';
import { useT } from '../i18n/index.ts';
import { useApp } from '../state/wallet-context.tsx';
import { CallDetailDialog } from './calls/CallDetail.tsx';
import { CallFilters } from './calls/CallFilters.tsx';
import { CallGroup } from './calls/CallGroup.tsx';
import { SandboxPanel } from './calls/SandboxPanel.tsx';
import { emptyForm, isFiltered, useCallList, type FilterForm, type Loaded } from './calls/use-call-list.ts';
import './calls/calls.css';

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

/** The list as it stands: on its way, why it could not be read, empty, or its groups, with the call opened. */
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
            <CallGroup
              key={group.requestId ?? group.calls[0]?.id ?? String(index)}
              group={group}
              asOf={list.asOf}
              onOpen={setOpened}
            />
          ))}
        </ol>
      )}
      {opened !== undefined && <CallDetailDialog id={opened} onClose={() => setOpened(undefined)} />}
    </div>
  );
}
