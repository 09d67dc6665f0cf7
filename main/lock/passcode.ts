import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The passcode is kept only as what scrypt (node:crypto) derives from it: 64 bytes, of which the first half is hashed
 * once more into a check stored beside the salt, and the second half is a key that protects the data key where the
 * OS offers no keychain. Neither half can be had from the other, and nothing stored gives back the passcode.
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
  v: z.literal(1),
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

const checkOf = (derived: Buffer) => createHash('sha256').update(derived.subarray(0, 32)).digest();

/** A new record for a passcode, and the key it protects the data key with. */
export async function newPasscode(
  passcode: string,
  params: KdfParams = PASSCODE_KDF,
): Promise<{ record: PasscodeRecord; key: Buffer }> {
  const salt = randomBytes(16);
  const derived = await derive(passcode, salt, params);
  const record: PasscodeRecord = {
    v: 1,
    salt: salt.toString('base64'),
    ...params,
    check: checkOf(derived).toString('base64'),
  };
  return { record, key: derived.subarray(32) };
}

/** The passcode's key when the passcode is right; undefined when it is not. */
export async function openWithPasscode(passcode: string, record: PasscodeRecord): Promise<Buffer | undefined> {
  const derived = await derive(passcode, Buffer.from(record.salt, 'base64'), record);
  const expected = Buffer.from(record.check, 'base64');
  const actual = checkOf(derived);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? derived.subarray(32) : undefined;
}
