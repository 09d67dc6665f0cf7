import type { AppInfo, HandlerTable } from '../../common/bridge-contract.ts';
import type { SandboxPanel } from '../../common/bank-calls.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Profile } from '../../common/profile.ts';
import { LOCAL_SANDBOX_ID } from '../../common/profile-rules.ts';
import { gmtDay, type Clock } from '../../common/time.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { WalletError } from '../wallet-error.ts';
import type { AppLog } from '../log/app-log.ts';
import type { CallLog } from './call-log.ts';
import type { LastErrors } from './last-errors.ts';
import { detailInLanguage } from './removed-words.ts';
import { supportBundle } from './support-bundle.ts';
import { basename, dirname } from 'node:path';
import type { Sandbox } from '../../sandbox/index.ts';

export type CallHandlers = Pick<
  HandlerTable,
  | 'testerTools'
  | 'listCalls'
  | 'callDetail'
  | 'saveSupportBundle'
  | 'previewSupportBundle'
  | 'sandboxPanel'
  | 'sandboxControl'
>;

/**
 * What the call list needs of the host (the Platform is one): its version for the bundle, a save dialog for it, and
 * the embedded bank where the build ships it. Its own narrow port, so that calls/ needs nothing of platform/.
 */
export interface CallHost {
  appInfo(): AppInfo;
  saveFile(file: {
    suggestedName: string;
    content: string;
    kind: 'json';
    locale: AppLocale;
  }): Promise<string | undefined>;
  localSandbox?: { ensureStarted(): Promise<Sandbox> } | undefined;
}

export interface CallHandlerOptions {
  calls: CallLog;
  /** The app's own log, redacted as it is written: the bundle carries it (issue 39). */
  log?: Pick<AppLog, 'lines'>;
  errors: LastErrors;
  profiles: ProfileService;
  clock: Clock;
  platform: CallHost;
  locale(): AppLocale;
  /** The customer signed in to the profile, if anyone. */
  customer(profileId: string): string | undefined;
  /** When the signed-in customer's 90 days end (ms), if anyone is signed in. */
  grantEndsAt(profileId: string): number | undefined;
  /** The signed-in customer's payment with this id, if it is theirs. */
  payment(profileId: string, id: string): Promise<PaymentIntent | undefined>;
}

/** The built-in Local sandbox profile (not a tester's own profile that calls itself one): the embedded sandbox's. */
const isLocalSandbox = (profile: Profile) => profile.id === LOCAL_SANDBOX_ID && profile.environment === 'local-sandbox';

/** The sandbox panel where the active profile is the local sandbox of a build that ships it; undefined elsewhere. */
async function localSandbox(options: CallHandlerOptions): Promise<Sandbox | undefined> {
  const launcher = options.platform.localSandbox;
  if (!launcher || !isLocalSandbox(options.profiles.active())) return undefined;
  return launcher.ensureStarted();
}

function panelOf(sandbox: Sandbox, grantEndsAt: number | undefined, appNow: number): SandboxPanel {
  const picked = sandbox.pickedUser();
  return {
    now: new Date(sandbox.clock.now()).toISOString(),
    appNow,
    ...(grantEndsAt === undefined ? {} : { grantEndsAt: new Date(grantEndsAt).toISOString() }),
    faults: sandbox.faults.list().map((fault) => ({
      route: fault.route,
      kind: fault.kind,
      count: fault.count,
      delayMs: fault.delayMs,
      ...(fault.error ? { error: fault.error } : {}),
    })),
    users: sandbox.users.map(({ username, behaviour }) => ({ username, behaviour })),
    ...(picked ? { user: picked } : {}),
  };
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The call list, its details and the support bundle, and the local sandbox's panel (docs/BANK-CALLS.md). */
export function callHandlers(options: CallHandlerOptions): CallHandlers {
  const { calls, profiles } = options;
  const active = () => profiles.active().id;
  const unavailable = () =>
    new WalletError('SANDBOX_PANEL_UNAVAILABLE', 'The sandbox panel is only for the local sandbox profile');

  /**
   * The bundle last shown to the customer: the save that follows saves exactly it, unless the profile or the customer
   * changed since (then it is made afresh: it would hold someone else's calls).
   */
  let previewed: { profileId: string; customer: string | undefined; content: string } | undefined;
  const made = async () => JSON.stringify(await supportBundle(options), null, 2);

  return {
    testerTools: async () => ({
      calls: calls.tap(active()) !== undefined,
      sandbox: !!options.platform.localSandbox && isLocalSandbox(profiles.active()),
    }),
    // Dated by main's clock: a call of another day than today is shown with its date (issue 42, item 9).
    listCalls: (filter) => ({ ...calls.list(active(), filter), asOf: options.clock.now() }),
    callDetail: ({ id }) => detailInLanguage(calls.detail(active(), id), options.locale()),
    previewSupportBundle: async () => {
      const content = await made();
      previewed = { profileId: active(), customer: options.customer(active()), content };
      return { content };
    },
    saveSupportBundle: async () => {
      const shown = previewed;
      previewed = undefined;
      const same = shown && shown.profileId === active() && shown.customer === options.customer(active());
      const content = same ? shown.content : await made();
      const path = await options.platform.saveFile({
        suggestedName: `a2a-wallet-support-${profiles.active().id}-${gmtDay(options.clock.now())}.json`,
        content,
        kind: 'json',
        locale: options.locale(),
      });
      return path ? { saved: true, fileName: basename(path), folder: dirname(path) } : { saved: false };
    },
    sandboxPanel: async () => {
      const sandbox = await localSandbox(options);
      if (!sandbox) throw unavailable();
      return panelOf(sandbox, options.grantEndsAt(active()), options.clock.now());
    },
    sandboxControl: async (control) => {
      const sandbox = await localSandbox(options);
      if (!sandbox) throw unavailable();
      const grantEndsAt = options.grantEndsAt(active());
      switch (control.action) {
        case 'fault':
          if (
            (control.kind === 'bankError') !== (control.error !== undefined) ||
            (control.kind === 'bankError' && control.route === 'token')
          )
            throw new WalletError('INVALID_REQUEST', 'A bank error fault names its error, on a payments route');
          sandbox.faults.add({
            route: control.route,
            kind: control.kind,
            count: control.count,
            delayMs: control.kind === 'delay' ? control.delayMs : 0,
            ...(control.error ? { error: control.error } : {}),
          });
          break;
        case 'clearFaults':
          sandbox.faults.clear();
          break;
        case 'clock': {
          const now = sandbox.clock.now();
          if (control.to === 'grantEnd') {
            if (grantEndsAt === undefined) throw new WalletError('NOT_SIGNED_IN', 'Nobody is signed in');
            // A minute before the end, never back in time.
            sandbox.clock.set(Math.max(now, grantEndsAt - MINUTE));
          } else if (control.to === 'pastMidnight') {
            sandbox.clock.set(Math.floor(now / DAY) * DAY + DAY + MINUTE);
          } else {
            sandbox.clock.set(now + DAY);
          }
          break;
        }
        case 'user':
          if (!sandbox.pickUser(control.username)) throw new WalletError('INVALID_REQUEST', 'No such sandbox user');
          break;
      }
      return panelOf(sandbox, grantEndsAt, options.clock.now());
    },
  };
}
