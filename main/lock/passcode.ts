import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The passcode is kept only as what scrypt (node:crypto) derives from it: 64 bytes, of which the first half is hashed
 * once more into a check stored beside the salt, and the second half is a key that protects the data key where the
 * OS offers no keychain. Neither half can be had from the other, and nothing stored gives back the passcode.
 *
 * Two versions of the record (issue 26). Version 1's check is sha256(first half); version 2's is sha256(first half ||
 * "v2"), so the check says which version wrote it, and only someone who knows the passcode can make a check of either
 * version. The lock service relies on that: an app that writes version 2 also always keeps a record of wrong tries, so
 * a version 2 record without one means the tries record was deleted (counted as many tries), while a version 1 record
 * without one is an install from before, whose app deleted that record at every right passcode (no penalty). Editing
 * "v": 2 back to 1 to pass for such an install gains nothing: the check no longer matches, so every passcode is
 * wrong. The second half, the key, is the same in both versions: a record is upgraded in place (same salt and cost)
 * at the first right passcode, and the data key it protects stays sealed as it was.
 */
export interface KdfParams {
  /** CPU and memory cost: a power of two. */
  N: number;
  r: number;
  p: number;
}

/**
 * About 250 ms on the reference machine (2 cores; `npm run bench:passcode` prints it) and 64 MiB of memory: a guess
 * costs an attacker who copied the settings file as much, on top of the app's own delays, which they would not have.
 */
export const PASSCODE_KDF: KdfParams = { N: 2 ** 16, r: 8, p: 1 };
/** For tests and the harness: the same code at a thousandth of the cost. */
export const FAST_TEST_KDF: KdfParams = { N: 2 ** 10, r: 8, p: 1 };

const Base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);
export const PasscodeRecordSchema = z.strictObject({
  v: z.union([z.literal(1), z.literal(2)]),
  salt: Base64,
  N: z
    .number()
    .int()
    .min(2 ** 10)
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, 'a power of two'),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  check: Base64,
});
export type PasscodeRecord = z.infer<typeof PasscodeRecordSchema>;

const DERIVED_BYTES = 64;

/** The same passcode typed on another keyboard or system is the same text: composed characters, one form. */
const normalize = (passcode: string) => passcode.normalize('NFC');

function derive(passcode: string, salt: Buffer, params: KdfParams): Promise<Buffer> {
  const { N, r, p } = params;
  // scrypt needs 128 * N * r bytes (and some): the default limit of 32 MiB is too small for the real parameters.
  const maxmem = 256 * N * r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(normalize(passcode), salt, DERIVED_BYTES, { N, r, p, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The version new records are written in, and to which a version 1 record is upgraded at its first right entry. */
export const PASSCODE_VERSION = 2;

/** The check of a record of `version`: from version 2 on, the version is bound into it (see the top of this file). */
function checkOf(derived: Buffer, version: PasscodeRecord['v']): Buffer {
  const hash = createHash('sha256').update(derived.subarray(0, 32));
  if (version >= 2) hash.update(`v${version}`);
  return hash.digest();
}

/** A new record for a passcode, and the key it protects the data key with. */
export async function newPasscode(
  passcode: string,
  params: KdfParams = PASSCODE_KDF,
): Promise<{ record: PasscodeRecord; key: Buffer }> {
  const salt = randomBytes(16);
  const derived = await derive(passcode, salt, params);
  const record: PasscodeRecord = {
    v: PASSCODE_VERSION,
    salt: salt.toString('base64'),
    ...params,
    check: checkOf(derived, PASSCODE_VERSION).toString('base64'),
  };
  return { record, key: derived.subarray(32) };
}

/**
 * When the passcode is right: its key, and the record as it should be stored from now on (`upgraded`, only where it
 * was of an older version: the same salt and cost, so the same key, with the current version's check). Undefined when
 * the passcode is wrong.
 */
export async function openWithPasscode(
  passcode: string,
  record: PasscodeRecord,
): Promise<{ key: Buffer; upgraded?: PasscodeRecord } | undefined> {
  const derived = await derive(passcode, Buffer.from(record.salt, 'base64'), record);
  const expected = Buffer.from(record.check, 'base64');
  const actual = checkOf(derived, record.v);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const key = derived.subarray(32);
  if (record.v === PASSCODE_VERSION) return { key };
  const check = checkOf(derived, PASSCODE_VERSION).toString('base64');
  return { key, upgraded: { ...record, v: PASSCODE_VERSION, check } };
}
