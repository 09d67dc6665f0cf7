import { join } from 'node:path';
import { SessionService } from '../auth/session-service.ts';
import { TokenVault } from '../auth/token-vault.ts';
import { CallLog } from '../calls/call-log.ts';
import type { AppLog } from '../log/app-log.ts';
import type { Platform } from '../platform/platform.ts';
import { connectLocalSandbox } from '../profiles/connect-local-sandbox.ts';
import { ProfileService } from '../profiles/profile-service.ts';
import type { WalletSecrets } from '../secrets/wallet-secrets.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { JsonFileStore } from '../storage/json-file-store.ts';
import type { EventBus } from './event-bus.ts';
import { late } from './late.ts';
import { signedInCustomer } from './payment-views.ts';

/**
 * The profiles, their tokens, the sign-ins and the list of calls to their banks. The call list names the customer
 * signed in when a call left, and the sign-in's calls go through the call list's tap: the sessions, built after it,
 * are reached through a Late.
 */
export async function openSignIns(
  platform: Platform,
  log: AppLog,
  keys: { settings: SettingsService; secrets: WalletSecrets },
  bus: EventBus,
): Promise<{ vault: TokenVault; profiles: ProfileService; calls: CallLog; sessions: SessionService }> {
  const { store, clock } = platform;
  const { settings, secrets } = keys;
  const vault = new TokenVault(store, secrets.box());
  const profiles = new ProfileService({
    store,
    secrets: secrets.profileSecrets,
    shipped: platform.shipped.profiles,
    allowEdit: platform.shipped.allowEdit,
  });
  await connectLocalSandbox(platform.localSandbox, profiles);
  // What no shape gives away, taken out of the app log's messages: each profile's key and secret, and its tokens.
  log.useSecrets(() =>
    profiles.list().flatMap((profile) => {
      const session = vault.load(profile.id);
      return [profile.apiKey, profile.clientSecret, session?.accessToken, session?.refreshToken].filter(
        (value): value is string => typeof value === 'string' && value.length > 0,
      );
    }),
  );
  const sessionsLater = late<SessionService>('sessions');
  // Every call to a bank, where the profile lists them (docs/BANK-CALLS.md): a file of their own beside the payments.
  const calls = new CallLog({
    store: new JsonFileStore(join(platform.dataDir, 'bank-calls.json')),
    box: () => secrets.box(),
    clock,
    // Asked on every bank call (for its tap): one read of the profiles, not one to find it and another to get it.
    listed: (profileId) => {
      const profile = profiles.list().find((candidate) => candidate.id === profileId);
      return !!profile && (profile.environment !== 'production' || (platform.shipped.showBankCalls ?? false));
    },
    secrets: (profileId) => {
      const profile = profiles.get(profileId);
      const session = vault.load(profileId);
      return [profile.apiKey, profile.clientSecret, session?.accessToken ?? '', session?.refreshToken ?? ''];
    },
    customer: (profileId) => signedInCustomer(sessionsLater.value, profileId),
  });
  const sessions = new SessionService({
    profiles,
    vault,
    clock,
    openExternal: (url) => platform.openExternal(url),
    focusApp: () => platform.focusApp(),
    locale: () => settings.locale(),
    appName: platform.appInfo().name,
    tap: (profileId) => calls.tap(profileId),
    onChange: (session) => bus.emit('sessionChanged', session),
  });
  sessionsLater.set(sessions);
  return { vault, profiles, calls, sessions };
}
