import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { CallDetail, SandboxPanel } from '../../common/bank-calls.ts';
import type { AppLocale } from '../../common/locale.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Profile } from '../../common/profile.ts';
import { LOCAL_SANDBOX_ID } from '../../common/profile-rules.ts';
import { gmtDay, type Clock } from '../../common/time.ts';
import type { Platform } from '../platform/platform.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { WalletError } from '../wallet-error.ts';
import type { CallLog } from './call-log.ts';
import type { LastErrors } from './last-errors.ts';
import { basename, dirname } from 'node:path';
import type { Sandbox } from '../../sandbox/index.ts';

export type CallHandlers = Pick<
  HandlerTable,
  'testerTools' | 'listCalls' | 'callDetail' | 'saveSupportBundle' | 'sandboxPanel' | 'sandboxControl'
>;

export interface CallHandlerOptions {
  calls: CallLog;
  errors: LastErrors;
  profiles: ProfileService;
  clock: Clock;
  platform: Pick<Platform, 'appInfo' | 'saveFile' | 'localSandbox'>;
  locale(): AppLocale;
  /** The customer signed in to the profile, if anyone. */
  customer(profileId: string): string | undefined;
  /** When the signed-in customer's 90 days end (ms), if anyone is signed in. */
  grantEndsAt(profileId: string): number | undefined;
  /** The signed-in customer's payment with this id, if it is theirs. */
  payment(profileId: string, id: string): Promise<PaymentIntent | undefined>;
}

/** The bundle's kind and version, for whoever reads one. */
export const SUPPORT_BUNDLE_KIND = 'a2a-wallet-support-bundle';

/** A profile as support may see it: where it points and how, never its secrets. */
function profileWithoutSecrets(profile: Profile) {
  const { clientSecret: _secret, apiKey: _key, ...rest } = profile;
  return { ...rest, clientSecret: profile.clientSecret ? '[set]' : '', apiKey: profile.apiKey ? '[set]' : '' };
}

/** The built-in Local sandbox profile (not a tester's own profile that calls itself one): the embedded sandbox's. */
const isLocalSandbox = (profile: Profile) => profile.id === LOCAL_SANDBOX_ID && profile.environment === 'local-sandbox';

/** The sandbox panel where the active profile is the local sandbox of a build that ships it; undefined elsewhere. */
async function localSandbox(options: CallHandlerOptions): Promise<Sandbox | undefined> {
  const launcher = options.platform.localSandbox;
  if (!launcher || !isLocalSandbox(options.profiles.active())) return undefined;
  return launcher.ensureStarted();
}

function panelOf(sandbox: Sandbox, grantEndsAt: number | undefined): SandboxPanel {
  const picked = sandbox.pickedUser();
  return {
    now: new Date(sandbox.clock.now()).toISOString(),
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

  const bundle = async () => {
    const profile = profiles.active();
    const details: CallDetail[] = calls.details(profile.id);
    const customer = options.customer(profile.id);
    const paymentIds = [...new Set(details.flatMap((call) => call.paymentId ?? []))];
    const payments = [];
    for (const id of paymentIds) {
      const intent = customer ? await options.payment(profile.id, id) : undefined;
      if (!intent) continue;
      payments.push({
        id: intent.id,
        state: intent.state,
        attempts: intent.attempts,
        ...(intent.bankStatus ? { bankStatus: intent.bankStatus } : {}),
        ...(intent.error ? { error: intent.error.name, errorCode: intent.error.code } : {}),
        createdAt: new Date(intent.createdAt).toISOString(),
        updatedAt: new Date(intent.updatedAt).toISOString(),
      });
    }
    return {
      kind: SUPPORT_BUNDLE_KIND,
      version: 1,
      madeAt: new Date(options.clock.now()).toISOString(),
      app: options.platform.appInfo(),
      platform: {
        os: process.platform,
        arch: process.arch,
        ...(process.versions['electron'] ? { electron: process.versions['electron'] } : {}),
        node: process.versions.node,
        locale: options.locale(),
      },
      profile: profileWithoutSecrets(profile),
      signedIn: customer !== undefined,
      calls: details,
      payments,
      errors: options.errors.list(),
    };
  };

  return {
    testerTools: async () => ({
      calls: calls.tap(active()) !== undefined,
      sandbox: !!options.platform.localSandbox && isLocalSandbox(profiles.active()),
    }),
    listCalls: (filter) => calls.list(active(), filter),
    callDetail: ({ id }) => calls.detail(active(), id),
    saveSupportBundle: async () => {
      const content = JSON.stringify(await bundle(), null, 2);
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
      return panelOf(sandbox, options.grantEndsAt(active()));
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
      return panelOf(sandbox, grantEndsAt);
    },
  };
}
