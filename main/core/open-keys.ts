import { join } from 'node:path';
import type { SessionService } from '../auth/session-service.ts';
import { LockService } from '../lock/lock-service.ts';
import type { Platform } from '../platform/platform.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { withKeychain } from '../secrets/keychain-gate.ts';
import { WalletSecrets, type BoxHolder } from '../secrets/wallet-secrets.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { JsonFileStore } from '../storage/json-file-store.ts';
import type { CoreTuning } from './core-tuning.ts';
import type { EventBus } from './event-bus.ts';
import { late, type Late } from './late.ts';

/** What the lock needs of services built after it: who is signed in where, and what moves to a new box. */
export interface LaterForKeys {
  profiles: Late<ProfileService>;
  sessions: Late<SessionService>;
  holders: Late<readonly BoxHolder[]>;
}

/**
 * The settings, the app lock and the data key, built first: the lock gates every event and every handler, and the
 * data key opens everything sealed. Each needs the others (the settings show whether the passcode guards the key;
 * the lock hands the secrets the passcode's key; the secrets ask whether a passcode is set): the secrets, built last
 * of the three, are reached by the other two through a Late.
 */
export async function openKeys(
  platform: Platform,
  tuning: CoreTuning,
  bus: EventBus,
  later: LaterForKeys,
): Promise<{ settings: SettingsService; lock: LockService; secrets: WalletSecrets }> {
  const { store, clock, shipped } = platform;
  const secretsLater = late<WalletSecrets>('secrets');
  const settings = new SettingsService({
    store,
    preferredLanguages: () => platform.preferredLanguages(),
    protection: () => platform.keyProtector.status(),
    passcodeGuards: () => secretsLater.value.passcodeGuards(),
    passcodeTooWeak: () => secretsLater.value.passcodeTooWeak(),
  });
  const known = <T>(pick: (profileId: string) => T | undefined): T[] =>
    later.profiles.value.list().flatMap((profile) => pick(profile.id) ?? []);
  const lock = new LockService({
    store,
    clock,
    locale: () => settings.locale(),
    required: shipped.requirePasscode ?? false,
    ...(shipped.presenceSeconds === undefined ? {} : { presenceSeconds: shipped.presenceSeconds }),
    ...(platform.idleMs ? { idleMs: () => platform.idleMs?.() } : {}),
    ...(platform.monotonicMs ? { monotonicMs: () => platform.monotonicMs?.() ?? performance.now() } : {}),
    ...(tuning.passcodeKdf ? { kdf: tuning.passcodeKdf } : {}),
    wipeSignIns: (reason) =>
      later.sessions.value.endAll(
        later.profiles.value.list().map((profile) => profile.id),
        reason,
      ),
    environment: () => later.profiles.value.active().environment,
    onKey: (event) => secretsLater.value.passcodeKey(event, later.holders.value),
    forgetLosesData: () => secretsLater.value.forgetLosesData(),
    passphraseRequired: () => secretsLater.value.passphraseRequired(),
    knownKennitolur: () => known((id) => later.sessions.value.knownCustomer(id)?.kennitala),
    knownNames: () => known((id) => later.sessions.value.knownCustomer(id)?.name || undefined),
    onChange: (status) => bus.emit('lockChanged', withKeychain(status, secretsLater.value)),
  });
  platform.onSystemLock?.(() => lock.lock('system'));
  const secrets = await WalletSecrets.open({
    // The data key in a file of its own, never cleared with a damaged settings file (issue 39).
    keys: new JsonFileStore(join(platform.dataDir, 'data-key.json')),
    store,
    protector: platform.keyProtector,
    allowWeak: () => settings.allowWeakTokenStorage(),
    passcodeSet: lock.passcodeSet,
    ...(tuning.sleep ? { patience: { sleep: tuning.sleep } } : {}),
  });
  secretsLater.set(secrets);
  // While locked the window learns nothing but the lock's own changes.
  bus.closeWhile(() => lock.locked || !!secrets.keychainUnavailable());
  return { settings, lock, secrets };
}
