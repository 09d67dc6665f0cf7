import { useId, useState, type FormEvent } from 'react';
import type { SandboxControl, SandboxPanel as Panel } from '../../../../common/bank-calls.ts';
import { bankErrorNames, type BankErrorName } from '../../../../common/bank-errors.ts';
import { FAULT_KINDS, FAULT_ROUTES, type FaultKind, type FaultRoute } from '../../../../common/sandbox-faults.ts';
import { FieldFrame, SelectField } from '../../components/Field.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../state/wallet-context.tsx';

// The sandbox panel's faults (SandboxPanel.tsx): the ones queued for the sandbox's next requests, and the form that
// queues one. What a queued fault does is main's sandboxControl; this part only says which.

/** How many requests a fault may take, and a slow answer's longest wait (common/bank-calls.ts's control). */
const COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const DELAY_MAX_SECONDS = 60;

type Fault = Panel['faults'][number];

/** A fault as the panel lists it: which requests, what happens to them, and how many times. */
function useFaultText(): (fault: Fault) => string {
  const t = useT();
  const locale = useApp((state) => state.locale);
  return (fault) => {
    const kind =
      fault.kind === 'delay'
        ? t('sandbox.fault.delay', { seconds: formatNumber(fault.delayMs / 1000, locale) })
        : fault.kind === 'bankError' && fault.error
          ? t('sandbox.fault.bankError', { code: fault.error })
          : t(`sandbox.kind.${fault.kind}`);
    const times = t('sandbox.fault.times', { count: formatNumber(fault.count, locale) });
    return `${t(`sandbox.route.${fault.route}`)}: ${kind}, ${times}`;
  };
}

interface FaultForm {
  route: FaultRoute;
  kind: FaultKind;
  count: number;
  seconds: string;
  error: BankErrorName;
}

export function Faults({
  faults,
  onQueue,
  onClear,
}: {
  faults: Fault[];
  onQueue: (fault: Omit<Extract<SandboxControl, { action: 'fault' }>, 'action'>) => void;
  onClear: () => void;
}) {
  const t = useT();
  const id = useId();
  const faultText = useFaultText();
  const [form, setForm] = useState<FaultForm>({
    route: 'payments.create',
    kind: 'dropAfterProcessing',
    count: 1,
    seconds: '5',
    error: bankErrorNames[0] ?? 'BadRequest',
  });
  // The sign-in server has no bank errors: a bank error is for the payment routes only.
  const routes = form.kind === 'bankError' ? FAULT_ROUTES.filter((route) => route !== 'token') : FAULT_ROUTES;
  const change = (patch: Partial<FaultForm>) =>
    setForm((current) => {
      const next = { ...current, ...patch };
      return next.kind === 'bankError' && next.route === 'token' ? { ...next, route: 'payments.create' } : next;
    });
  const seconds = Number(form.seconds.trim().replace(',', '.'));
  const secondsWrong =
    form.kind === 'delay' &&
    (form.seconds.trim() === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > DELAY_MAX_SECONDS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (secondsWrong) return;
    onQueue({
      route: form.route,
      kind: form.kind,
      count: form.count,
      ...(form.kind === 'delay' ? { delayMs: Math.round(seconds * 1000) } : {}),
      ...(form.kind === 'bankError' ? { error: form.error } : {}),
    });
  };

  return (
    <div className="sandbox-part">
      <h4 id={`${id}-queued`}>{t('sandbox.faults')}</h4>
      {faults.length === 0 ? (
        <p data-testid="sandbox-no-faults">{t('sandbox.noFaults')}</p>
      ) : (
        <ul aria-labelledby={`${id}-queued`} className="sandbox-faults" data-testid="sandbox-faults">
          {faults.map((fault, index) => (
            <li key={`${fault.route}|${fault.kind}|${String(index)}`}>{faultText(fault)}</li>
          ))}
        </ul>
      )}
      <form className="sandbox-fault-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h4 id={`${id}-title`}>{t('sandbox.queueTitle')}</h4>
        <div className="sandbox-fields">
          <SelectField
            label={t('sandbox.route')}
            value={form.route}
            options={routes.map((route) => [route, t(`sandbox.route.${route}`)])}
            onChange={(route) => change({ route })}
            testId="sandbox-route"
          />
          <SelectField
            label={t('sandbox.kind')}
            value={form.kind}
            options={FAULT_KINDS.map((kind) => [kind, t(`sandbox.kind.${kind}`)])}
            onChange={(kind) => change({ kind })}
            testId="sandbox-kind"
          />
          {form.kind === 'delay' && (
            <FieldFrame
              id={`${id}-seconds`}
              label={t('sandbox.delay')}
              hint={secondsWrong ? undefined : t('sandbox.delayHint')}
              error={secondsWrong ? t('sandbox.delayHint') : undefined}
            >
              {(describedBy) => (
                <input
                  id={`${id}-seconds`}
                  type="text"
                  inputMode="decimal"
                  value={form.seconds}
                  autoComplete="off"
                  aria-invalid={secondsWrong || undefined}
                  aria-describedby={describedBy}
                  data-testid="sandbox-seconds"
                  onChange={(event) => change({ seconds: event.target.value })}
                />
              )}
            </FieldFrame>
          )}
          {form.kind === 'bankError' && (
            <SelectField
              label={t('sandbox.error')}
              value={form.error}
              options={bankErrorNames.map((name) => [name, name])}
              onChange={(error) => change({ error })}
              testId="sandbox-bank-error"
            />
          )}
          <SelectField
            label={t('sandbox.count')}
            hint={t('sandbox.countHint')}
            value={String(form.count) as `${(typeof COUNTS)[number]}`}
            options={COUNTS.map((count) => [`${count}`, String(count)])}
            onChange={(count) => change({ count: Number(count) })}
            testId="sandbox-count"
          />
        </div>
        <div className="actions">
          <button type="submit" className="primary" data-testid="sandbox-queue">
            {t('sandbox.queue')}
          </button>
          <button type="button" onClick={onClear} data-testid="sandbox-clear">
            {t('sandbox.clear')}
          </button>
        </div>
      </form>
    </div>
  );
}
