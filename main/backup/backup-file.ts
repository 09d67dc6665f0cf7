import { isUtf8 } from 'node:buffer';
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { KdfParams } from '../lock/passcode.ts';
import {
  BACKUP_FORMAT,
  BACKUP_MAX_BYTES,
  BACKUP_VERSION,
  CHECK_BYTES,
  HeaderSchema,
  isAcceptedBackupKdf,
  IV_BYTES,
  parse,
  SALT_BYTES,
  sumOf,
  TAG_BYTES,
  type BackupFileError,
  type Header,
  type Summed,
} from './backup-header.ts';

/**
 * The encrypted backup file (issue 29, "Moving to a new computer"): the format alone, pure and without Electron.
 * docs/BACKUP.md describes it byte by byte; in short:
 *
 *     {"format":"a2a-wallet-backup","version":2,"kdf":{...},"iv":"...","check":"...","createdAt":...,"sum":"..."}\n
 *     <ciphertext><16-byte GCM tag>
 *
 * The first line is a clear JSON header, the rest is binary: the gzip of the payload's UTF-8 text, encrypted with
 * AES-256-GCM, with every header byte (the `\n` too) as additional data, so no byte of it can change unnoticed.
 * scrypt turns the passphrase and the header's salt into a secret; HKDF splits it into the encryption key and a key
 * whose HMAC of a fixed label is the header's `check`. The check lets opening say "wrong passphrase" apart from
 * "damaged" before it decrypts anything; the header's `sum` (version 2), a plain SHA-256 of its other fields, lets
 * it say "damaged" of a changed salt, cost or check, which would otherwise read as a wrong passphrase. Version 1
 * files (no sum) are still opened.
 *
 * A backup is carried about on sticks, mail and cloud folders: whoever finds one may guess its passphrase offline, as
 * fast as they can, with none of the app's waits. So its scrypt costs more than the passcode's (BACKUP_KDF), the
 * passphrase must be strong (common/backup-passphrase.ts), and a file that asks for more work or memory than this app
 * ever writes is refused before any is done.
 */

// The header's names, for the importers of the format as one module.
export {
  BACKUP_FORMAT,
  BACKUP_KDF_MAX_N,
  BACKUP_KDF_MIN_N,
  BACKUP_MAX_BYTES,
  BACKUP_MAX_HEADER_BYTES,
  BACKUP_VERSION,
  isAcceptedBackupKdf,
  type BackupFileError,
} from './backup-header.ts';

/**
 * About 1 s and 256 MiB a derivation on the 2-core reference machine (0.9 to 1.0 s measured, `npm run
 * bench:passcode`): a person opening a backup waits a second; a guesser pays it for every guess, four times the
 * passcode's 250 ms. N=2^19 took 1.8 s, N=2^20 4.1 s.
 */
export const BACKUP_KDF: KdfParams = { N: 2 ** 18, r: 8, p: 1 };
/** For tests: the smallest cost a file may ask for, about 40 ms and 16 MiB. */
export const FAST_TEST_BACKUP_KDF: KdfParams = { N: 2 ** 14, r: 8, p: 1 };

/** The most the gzip inside may expand to: a gzip bomb stops there. */
export const BACKUP_MAX_PLAIN_BYTES = 512 * 2 ** 20;
export type OpenedBackup =
  { ok: true; plain: string; version: number; createdAt: number } | { ok: false; error: BackupFileError };

/** What the header says before the passphrase is known: not yet proven (it is proven once the file opens). */
export type InspectedBackup =
  { ok: true; version: number; createdAt: number; kdf: KdfParams } | { ok: false; error: BackupFileError };

const SECRET_BYTES = 32;

/** HKDF labels: each key has its own, and the version is in each, so no key serves two purposes or two versions. */
const labels = (version: number) => ({
  encryption: `${BACKUP_FORMAT} v${version} encryption key`,
  checkKey: `${BACKUP_FORMAT} v${version} check key`,
  check: `${BACKUP_FORMAT} v${version} passphrase check`,
});

/** The passphrase typed on another keyboard or system is the same text: composed characters, one form. */
const normalize = (passphrase: string) => passphrase.normalize('NFC');

function deriveSecret(passphrase: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  const { N, r, p } = params;
  // scrypt needs 128 * N * r bytes (and some); the default limit of 32 MiB is far too small. As main/lock/passcode.ts.
  const maxmem = 256 * N * r + 16 * 2 ** 20;
  return new Promise((resolve, reject) => {
    scrypt(normalize(passphrase), salt, SECRET_BYTES, { N, r, p, maxmem }, (error, secret) =>
      error ? reject(error) : resolve(secret),
    );
  });
}

interface Keys {
  encryption: Buffer;
  check: Buffer;
}

/** The encryption key and the check value, from scrypt's secret: HKDF-SHA256 (no salt), one label each. */
function keysOf(secret: Buffer, version: number): Keys {
  const label = labels(version);
  const encryption = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label.encryption, 32));
  const checkKey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), label.checkKey, 32));
  const check = createHmac('sha256', checkKey).update(label.check, 'utf8').digest().subarray(0, CHECK_BYTES);
  return { encryption, check };
}

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * The backup file of `plain` (the payload's JSON text), sealed under `passphrase`. Checking the passphrase against the
 * rules is the caller's (common/backup-passphrase.ts). Throws a RangeError for a cost this app would not open, or a
 * text too large for it to open (over BACKUP_MAX_PLAIN_BYTES, or a file over BACKUP_MAX_BYTES): never a file that
 * cannot be opened again.
 */
export async function sealBackup(
  plain: string,
  passphrase: string,
  options: { kdf?: KdfParams; now?: number } = {},
): Promise<Buffer> {
  const kdf = options.kdf ?? BACKUP_KDF;
  if (!isAcceptedBackupKdf(kdf)) throw new RangeError('A backup’s scrypt cost must be one this app accepts');
  const text = Buffer.from(plain, 'utf8');
  if (text.length > BACKUP_MAX_PLAIN_BYTES) throw new RangeError('The backup’s text is too large');
  const compressed = await gzipAsync(text);
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const keys = keysOf(await deriveSecret(passphrase, salt, kdf), BACKUP_VERSION);
  const summed: Summed = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    // r and p are 8 and 1: isAcceptedBackupKdf said so.
    kdf: { name: 'scrypt', N: kdf.N, r: 8, p: 1, salt: salt.toString('base64') },
    iv: iv.toString('base64'),
    check: keys.check.toString('base64'),
    createdAt: options.now ?? Date.now(),
  };
  const header: Header = { ...summed, sum: sumOf(summed) };
  HeaderSchema.parse(header);
  // Written as built, in the order docs/BACKUP.md gives.
  const headerBytes = Buffer.from(`${JSON.stringify(header)}\n`, 'utf8');
  const cipher = createCipheriv('aes-256-gcm', keys.encryption, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(headerBytes);
  const file = Buffer.concat([headerBytes, cipher.update(compressed), cipher.final(), cipher.getAuthTag()]);
  if (file.length > BACKUP_MAX_BYTES) throw new RangeError('The backup file would be too large');
  return file;
}

/**
 * What the header says, without the passphrase and without any scrypt: the same answers as openBackup up to the
 * passphrase. The date is the file's own claim until the file opens (the header is checked as part of decryption).
 */
export function inspectBackup(file: Uint8Array): InspectedBackup {
  const parsed = parse(file);
  if (!parsed.ok) return parsed;
  const { version, createdAt, kdf } = parsed.header;
  return { ok: true, version, createdAt, kdf: { N: kdf.N, r: kdf.r, p: kdf.p } };
}

/**
 * The payload's text of a backup file, or why not. Never throws, whatever the file holds: see docs/BACKUP.md for
 * which error is given when. Only a header this app could have written makes it run scrypt.
 */
export async function openBackup(file: Uint8Array, passphrase: string): Promise<OpenedBackup> {
  try {
    return await open(file, passphrase);
  } catch {
    // Nothing below throws for a file's content; this is for what cannot be foreseen (memory), never a crash.
    return { ok: false, error: 'BACKUP_DAMAGED' };
  }
}

async function open(file: Uint8Array, passphrase: string): Promise<OpenedBackup> {
  const parsed = parse(file);
  if (!parsed.ok) return parsed;
  const { header, headerBytes, body } = parsed;
  const { N, r, p } = header.kdf;
  const secret = await deriveSecret(passphrase, Buffer.from(header.kdf.salt, 'base64'), { N, r, p });
  const keys = keysOf(secret, header.version);
  if (!timingSafeEqual(keys.check, Buffer.from(header.check, 'base64'))) {
    return { ok: false, error: 'BACKUP_WRONG_PASSPHRASE' };
  }
  const compressed = decrypt(keys.encryption, header, headerBytes, body);
  if (!compressed) return { ok: false, error: 'BACKUP_DAMAGED' };
  const inflated = await inflate(compressed);
  if (!inflated.ok) return inflated;
  if (!isUtf8(inflated.bytes)) return { ok: false, error: 'BACKUP_DAMAGED' };
  let plain: string;
  try {
    plain = inflated.bytes.toString('utf8');
  } catch {
    // Just under BACKUP_MAX_PLAIN_BYTES is longer than the longest string V8 makes (2^29 - 24 characters).
    return { ok: false, error: 'BACKUP_TOO_LARGE' };
  }
  return { ok: true, plain, version: header.version, createdAt: header.createdAt };
}

/** The gzip inside, or undefined when the tag fails: a changed header or body, or the key of another file. */
function decrypt(key: Buffer, header: Header, headerBytes: Buffer, body: Buffer): Buffer | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(header.iv, 'base64'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(headerBytes);
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    // update() gives text not yet proven; it is used only once final() has checked the tag.
    const compressed = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
    return compressed;
  } catch {
    return undefined;
  }
}

/**
 * gunzip, stopped at BACKUP_MAX_PLAIN_BYTES. Past the tag, the file is one made with the passphrase: more than that
 * is too large for this app (TOO_LARGE, not damaged), anything gunzip refuses is damaged.
 */
async function inflate(
  compressed: Buffer,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; error: BackupFileError }> {
  try {
    return { ok: true, bytes: await gunzipAsync(compressed, { maxOutputLength: BACKUP_MAX_PLAIN_BYTES }) };
  } catch (error) {
    const tooLarge = error instanceof Error && 'code' in error && error.code === 'ERR_BUFFER_TOO_LARGE';
    return { ok: false, error: tooLarge ? 'BACKUP_TOO_LARGE' : 'BACKUP_DAMAGED' };
  }
}
