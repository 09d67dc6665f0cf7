import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KdfParams } from '../../main/lock/passcode.ts';
import { aesGcmBox, type SecretBox } from '../../main/secrets/secret-box.ts';

/**
 * The data folder as an attacker with a copy of it reads it, and as an earlier version of the app left it: plain
 * files and the app's published formats (main/lock/passcode.ts, main/secrets/wallet-secrets.ts), nothing of the
 * running app's. Where the keychain is weak, settings.json holds the passcode's salt and cost, and data-key.json the
 * data key sealed under the passcode's key; with the passcode (guessed offline), that opens the data key, and the data key every
 * sealed value beside it.
 */
const WRAPS = 'vault.dataKey.passcode';
const MARKS = 'vault.dataKey.passcode.passphrase';
const WRAP_CONTEXT = 'a2a-wallet/data-key/passcode/v1';

export const settingsFile = (dataDir: string) => join(dataDir, 'settings.json');

/** The data key's own file (issue 39): the keychain's copy, the passcode's copies and their marks. */
export const keyFile = (dataDir: string) => join(dataDir, 'data-key.json');

const readJson = (path: string): Record<string, unknown> =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {};

/**
 * settings.json and the data key's own file as one plain object, as an attacker with a copy of the folder reads them
 * (none yet: nothing was stored).
 */
export function readSettings(dataDir: string): Record<string, unknown> {
  return { ...readJson(settingsFile(dataDir)), ...readJson(keyFile(dataDir)) };
}

/** scrypt as the app derives it: 64 bytes, the second half of which is the key that seals the data key. */
function derive(passcode: string, salt: Buffer, { N, r, p }: KdfParams): Buffer {
  return scryptSync(passcode.normalize('NFC'), salt, 64, { N, r, p, maxmem: 256 * N * r + 16 * 1024 * 1024 });
}

/** What one guess costs: the passcode's key from the stored record (any version: the key half is the same). */
export function passcodeKeyFromRecord(passcode: string, record: unknown): Buffer {
  const { salt, N, r, p } = record as { salt: string } & KdfParams;
  return derive(passcode, Buffer.from(salt, 'base64'), { N, r, p }).subarray(32);
}

/** The data key, opened from the folder's copies with a passcode: undefined when the passcode opens none. */
export function dataKeyWith(settings: Record<string, unknown>, passcode: string): Buffer | undefined {
  const wrapper = aesGcmBox(passcodeKeyFromRecord(passcode, settings['lock.passcode']));
  for (const wrap of (settings[WRAPS] as string[] | undefined) ?? []) {
    try {
      return Buffer.from(wrapper.open(wrap, WRAP_CONTEXT), 'base64');
    } catch {
      // Another passcode's copy.
    }
  }
  return undefined;
}

/** Every string in the settings file that a box opens (sealed without a context, as tokens and profiles are). */
export function everythingOpened(settings: Record<string, unknown>, box: SecretBox): string[] {
  const opened: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      try {
        opened.push(box.open(value));
      } catch {
        // Not sealed, or not with this key.
      }
    } else if (value && typeof value === 'object') {
      for (const inner of Object.values(value)) visit(inner);
    }
  };
  visit(settings);
  return opened;
}

/**
 * What an earlier version of the app wrote for `passcode` where the keychain is weak, when 6 digits were enough: a
 * version 1 passcode record (its check is sha256 of the first half), the data key sealed under the passcode's key,
 * no passphrase mark, and no count of wrong tries (that version deleted it at every right passcode).
 */
export function leftByEarlierVersion(dataDir: string, passcode: string, dataKey: Buffer, kdf: KdfParams): void {
  const settings = readSettings(dataDir);
  const salt = randomBytes(16);
  const derived = derive(passcode, salt, kdf);
  settings['lock.passcode'] = {
    v: 1,
    salt: salt.toString('base64'),
    ...kdf,
    check: createHash('sha256').update(derived.subarray(0, 32)).digest('base64'),
  };
  settings[WRAPS] = [aesGcmBox(derived.subarray(32)).seal(dataKey.toString('base64'), WRAP_CONTEXT)];
  delete settings[MARKS];
  delete settings['lock.tries'];
  // An earlier version kept the key's copies in the settings, and had no file of their own.
  writeFileSync(settingsFile(dataDir), JSON.stringify(settings, null, 2), { mode: 0o600 });
  rmSync(keyFile(dataDir), { force: true });
}
