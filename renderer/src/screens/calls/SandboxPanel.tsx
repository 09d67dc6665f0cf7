import { useEffect, useId, useState } from 'react';
import type { SandboxControl, SandboxPanel as Panel } from '../../../../common/bank-calls.ts';
import { CLOCK_MOVES } from '../../../../common/sandbox-faults.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { SelectField } from '../../components/Field.tsx';
import { formatDate, formatDateTime, formatTime } from '../../i18n/format.ts';
import { hasMessage, useT, type MessageKey } from '../../i18n/index.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useApp, useWallet } from '../../state/wallet-context.tsx';
import { useOneAtATime } from '../../lib/one-at-a-time.ts';
import { Faults } from './SandboxFaults.tsx';

/**
 * The local sandbox steered from the app (issue 30): its clock and the moves it offers, the faults queued for its next
 * requests and a form to queue one, and the user its sign-in page is filled in for. Every control is main's
 * sandboxControl, which answers with the panel as it is then; what it did, or why not, is said under the panel.
 */
export function SandboxPanel() {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const signedIn = useApp((state) => state.session?.signedIn ?? false);
  const profileId = useApp((state) => state.session?.profileId);
  const [panel, setPanel] = useState<Panel>();
  const [loadError, setLoadError] = useState<string>();
  const [done, setDone] = useState<MessageKey>();
  // One control at a time: a second click before the first one's answer does nothing.
  const { busy, error, run } = useOneAtATime();

  // Read when shown, and again as someone signs in or out (the 90 days' end comes and goes with them).
  useEffect(() => {
    let current = true;
    unwrap(wallet.sandboxPanel()).then(
      (read) => {
        if (!current) return;
        setPanel(read);
        setLoadError(undefined);
      },
      (caught: unknown) => current && setLoadError(errorCode(caught)),
    );
    return () => {
      current = false;
    };
  }, [wallet, signedIn, profileId]);

  const control = async (request: SandboxControl, said: MessageKey) => {
    await run(async () => {
      setDone(undefined);
      setPanel(await unwrap(wallet.sandboxControl(request)));
      setDone(said);
    });
  };

  return (
    <section aria-labelledby="sandbox-title" className="calls-section sandbox-panel" data-testid="sandbox-panel">
      <h3 id="sandbox-title">{t('sandbox.title')}</h3>
      <p>{t('sandbox.intro')}</p>
      {!panel && !loadError && (
        <p role="status" aria-busy="true">
          {t('sandbox.loading')}
        </p>
      )}
      {loadError && !panel && (
        <p role="alert" className="error" data-testid="sandbox-load-error">
          {t('sandbox.loadFailed')} {errorText(loadError)}
        </p>
      )}
      {panel && (
        <div className="sandbox-parts" aria-busy={busy || undefined}>
          <Clock panel={panel} onMove={(to) => void control({ action: 'clock', to }, 'sandbox.moved')} />
          <Faults
            faults={panel.faults}
            onQueue={(fault) => void control({ action: 'fault', ...fault }, 'sandbox.queued')}
            onClear={() => void control({ action: 'clearFaults' }, 'sandbox.cleared')}
          />
          <UserPicker
            panel={panel}
            onPick={(username) =>
              void control(
                { action: 'user', ...(username ? { username } : {}) },
                username ? 'sandbox.userChosen' : 'sandbox.userTypeIn',
              )
            }
          />
        </div>
      )}
      {/* Always there, so that what a control did is read out. */}
      <p role="status" className="sandbox-done" data-testid="sandbox-done">
        {done && t(done)}
      </p>
      {error && (
        <p role="alert" className="error" data-testid="sandbox-error">
          {t('sandbox.failed')} {errorText(error)}
        </p>
      )}
    </section>
  );
}

function Clock({ panel, onMove }: { panel: Panel; onMove: (to: (typeof CLOCK_MOVES)[number]) => void }) {
  const t = useT();
  const locale = useApp((state) => state.locale);
  const hintId = useId();
  const now = Date.parse(panel.now);
  const grantEnd = panel.grantEndsAt === undefined ? undefined : Date.parse(panel.grantEndsAt);
  return (
    <div className="sandbox-part">
      <h4>{t('sandbox.clock')}</h4>
      <p data-testid="sandbox-now">
        {Number.isNaN(now)
          ? panel.now
          : t('sandbox.now', { date: formatDate(now, locale), time: formatTime(now, locale) })}
      </p>
      {!Number.isNaN(now) && <p data-testid="sandbox-offset">{offsetWords(t, now - panel.appNow)}</p>}
      <p id={hintId} className="hint">
        {grantEnd !== undefined && !Number.isNaN(grantEnd)
          ? t('sandbox.grantEnds', { dateTime: formatDateTime(grantEnd, locale) })
          : t('sandbox.noGrant')}
      </p>
      <div className="actions">
        {CLOCK_MOVES.map((move) => (
          <button
            key={move}
            type="button"
            disabled={move === 'grantEnd' && grantEnd === undefined}
            aria-describedby={move === 'grantEnd' ? hintId : undefined}
            data-testid={`sandbox-clock-${move}`}
            onClick={() => onMove(move)}
          >
            {t(`sandbox.clock.${move}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How far the sandbox's clock was moved on from the app's (issue 42, item 9): in days and hours, as its moves go
 * ("24 hours on", "past midnight"). In the app, the app's time is the computer's; a minute's drift is none.
 */
function offsetWords(t: ReturnType<typeof useT>, ms: number): string {
  if (ms <= -60_000) return t('sandbox.offset.behind');
  if (ms < 60_000) return t('sandbox.offset.none');
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  if (days === 0) return hours === 0 ? t('sandbox.offset.minutes') : t('sandbox.offset.hours', { hours });
  return hours === 0 ? t('sandbox.offset.days', { days }) : t('sandbox.offset.daysHours', { days, hours });
}

/**
 * The user the sandbox's sign-in page is filled in for, by name and username; how the chosen one behaves at the bank
 * is said under the list, as a long option would not fit the window at 200 % zoom: in the app's language, or in the
 * sandbox's own (English) words for a user the app has none for.
 */
function UserPicker({ panel, onPick }: { panel: Panel; onPick: (username: string) => void }) {
  const t = useT();
  const chosen = panel.users.find((user) => user.username === panel.user);
  const behaviourOf = (user: { username: string; behaviour: string }) => {
    const key = `sandbox.userBehaviour.${user.username}`;
    return hasMessage(key) ? t(key) : user.behaviour;
  };
  return (
    <div className="sandbox-part">
      <SelectField
        label={t('sandbox.user')}
        hint={chosen ? behaviourOf(chosen) : t('sandbox.user.hint')}
        value={panel.user ?? ''}
        options={[
          ['', t('sandbox.user.typeIn')],
          ...panel.users.map((user) => [user.username, user.username] as [string, string]),
        ]}
        onChange={onPick}
        testId="sandbox-user"
      />
    </div>
  );
}
