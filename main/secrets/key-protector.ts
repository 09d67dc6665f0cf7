import type { KeyValueStore } from '../storage/key-value-store.ts';
import type { KeyProtector } from '../platform/host-ports.ts';
import { aesGcmBox, newDataKey, type SecretBox } from './secret-box.ts';

export type { KeyProtector, ProtectionStatus } from '../platform/host-ports.ts';

export const DATA_KEY = 'vault.dataKey';
/**
 * A known text protected by the keychain beside the data key (issue 39): if the keychain opens it but not the data
 * key, the keychain is the right one and the data key's copy is damaged; if it opens neither, the keychain is not
 * (yet) the one that protected them, and nothing may be replaced.
 */
export const DATA_KEY_CHECK = 'vault.dataKey.check';
/** Copies of the data key that did not open, kept aside (never deleted): the newest few, with when they were set aside. */
export const DATA_KEY_SET_ASIDE = 'vault.dataKey.setAside';
const CHECK_TEXT = 'a2a-wallet/keychain-check/v1';
const SET_ASIDE_KEPT = 8;

/**
 * The keychain did not open the stored data key, and it is not proven damaged: `temporary`, the OS said its key
 * provider is not ready (a keyring locked at auto-login, a dismissed prompt, the daemon not up yet); `refused`, the
 * keychain answered but opens neither the key nor its check (another keychain, a reset one, or not the one yet).
 * The key is kept as it is; the app starts locked to its data and the customer is asked to unlock the keychain.
 */
export class KeychainUnavailableError extends Error {
  readonly reason: 'temporary' | 'refused';
  constructor(reason: 'temporary' | 'refused') {
    super(
      reason === 'temporary'
        ? 'The keychain is not available yet: unlock it, then try again'
        : 'The keychain does not open the key of the data on this computer',
    );
    this.name = 'KeychainUnavailableError';
    this.reason = reason;
  }
}

/** Electron 45 rejects with this while the OS key provider is not ready ("... is temporarily unavailable. Please try again."). */
export const isTemporarilyUnavailable = (error: unknown): boolean =>
  error instanceof Error && /temporarily unavailable/i.test(error.message);

export interface PatienceOptions {
  /** Waits between tries while the keychain is temporarily unavailable (the default: 4 tries over about 3 s). */
  waitsMs?: readonly number[];
  sleep?: (ms: number) => Promise<void>;
}
const DEFAULT_WAITS_MS = [250, 750, 2000];

/** Unprotects, trying again while the keychain says it is temporarily unavailable; then throws what it said. */
async function unprotectPatiently(
  protector: KeyProtector,
  text: string,
  patience: PatienceOptions,
): Promise<{ plain: string; stale: boolean }> {
  const waits = patience.waitsMs ?? DEFAULT_WAITS_MS;
  const sleep = patience.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await protector.unprotect(text);
    } catch (error) {
      const wait = waits[attempt];
      if (!isTemporarilyUnavailable(error) || wait === undefined) throw error;
      await sleep(wait);
    }
  }
}

/** What a stored copy opens to: the key, `unavailable` (thrown as such), or undefined when it does not open. */
async function opened(
  protector: KeyProtector,
  stored: unknown,
  patience: PatienceOptions,
): Promise<{ plain: string; stale: boolean } | undefined> {
  if (typeof stored !== 'string') return undefined;
  try {
    return await unprotectPatiently(protector, stored, patience);
  } catch (error) {
    if (isTemporarilyUnavailable(error)) throw new KeychainUnavailableError('temporary');
    return undefined;
  }
}

/** A copy of the key that did not open, kept aside with its time among the newest few, never deleted outright. */
export function keepAside(store: KeyValueStore, copy: Record<string, unknown>, now: number): void {
  const earlier = store.get(DATA_KEY_SET_ASIDE);
  const kept = Array.isArray(earlier) ? earlier : [];
  store.set(DATA_KEY_SET_ASIDE, [{ at: now, ...copy }, ...kept].slice(0, SET_ASIDE_KEPT));
}

/** The keychain's copy of the data key (and its check), set aside: see `keepAside`. */
export function setAsideDataKey(store: KeyValueStore, now: number): void {
  const stored = store.get(DATA_KEY);
  if (stored === undefined) return;
  keepAside(store, { key: stored, check: store.get(DATA_KEY_CHECK) }, now);
  store.delete(DATA_KEY);
  store.delete(DATA_KEY_CHECK);
}

/**
 * The box that seals secrets at rest: AES-256-GCM under a random data key, which is stored protected by the
 * keychain. Undefined where secrets must not be written at all. A stored key the keychain does not open is never
 * replaced (KeychainUnavailableError), unless the keychain is proven right (it opens the check) and the copy is
 * damaged: then that copy is kept aside and a new key made, and what it sealed reads as absent.
 */
export async function openSecretBox(
  store: KeyValueStore,
  protector: KeyProtector,
  allowWeak: boolean,
): Promise<SecretBox | undefined> {
  const key = await openDataKey(store, protector, allowWeak);
  return key && aesGcmBox(key);
}

/**
 * The data key itself, as `openSecretBox` finds or makes it. `held`: a key this run already uses, stored (rather than
 * a new one made) when none is stored, so that what it sealed stays readable.
 */
export async function openDataKey(
  store: KeyValueStore,
  protector: KeyProtector,
  allowWeak: boolean,
  held?: Buffer,
  patience: PatienceOptions = {},
): Promise<Buffer | undefined> {
  const status = protector.status();
  const weakAccepted = allowWeak && !status.secure && status.reason === 'basic_text';
  protector.acceptWeak?.(weakAccepted);
  const stored = store.get(DATA_KEY);
  if (!status.secure && !weakAccepted) {
    // A key the keychain protected is there, and the keychain is not (yet): it is kept for when it is.
    if (stored !== undefined && status.reason === 'unavailable') throw new KeychainUnavailableError('temporary');
    return undefined;
  }
  if (stored !== undefined && typeof stored !== 'string') {
    // Not even text: a damaged copy whatever the keychain is; kept aside.
    setAsideDataKey(store, Date.now());
  } else if (stored !== undefined) {
    const open = await opened(protector, stored, patience);
    const key = open && Buffer.from(open.plain, 'base64');
    if (open && key?.length === 32) {
      if (open.stale) store.set(DATA_KEY, await protector.protect(open.plain));
      if (open.stale || store.get(DATA_KEY_CHECK) === undefined) await storeCheck(store, protector);
      return key;
    }
    // Damaged only if the keychain is proven to be the one that protected it: it opens the check beside it.
    const check = await opened(protector, store.get(DATA_KEY_CHECK), patience);
    if (check?.plain !== CHECK_TEXT) throw new KeychainUnavailableError('refused');
    setAsideDataKey(store, Date.now());
  }
  const key = held ?? newDataKey();
  store.set(DATA_KEY, await protector.protect(key.toString('base64')));
  await storeCheck(store, protector);
  return key;
}

async function storeCheck(store: KeyValueStore, protector: KeyProtector): Promise<void> {
  store.set(DATA_KEY_CHECK, await protector.protect(CHECK_TEXT));
}
