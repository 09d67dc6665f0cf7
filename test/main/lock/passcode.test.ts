import { createHash, scrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  FAST_TEST_KDF,
  newPasscode,
  openWithPasscode,
  PASSCODE_VERSION,
  PasscodeRecordSchema,
  type PasscodeRecord,
} from '../../../main/lock/passcode.ts';

const PASSCODE = 'hestur á túni';

/** A record as the app wrote it before issue 26: version 1, whose check is the hash of the first half alone. */
function versionOne(record: PasscodeRecord, passcode: string): Promise<PasscodeRecord> {
  const { N, r, p } = record;
  return new Promise((resolve, reject) =>
    scrypt(passcode.normalize('NFC'), Buffer.from(record.salt, 'base64'), 64, { N, r, p }, (error, derived) =>
      error
        ? reject(error)
        : resolve({ ...record, v: 1, check: createHash('sha256').update(derived.subarray(0, 32)).digest('base64') }),
    ),
  );
}

describe('the passcode record’s versions (issue 26)', () => {
  it('is written as version 2, whose check is bound to its version', async () => {
    const { record, key } = await newPasscode(PASSCODE, FAST_TEST_KDF);
    expect(record.v).toBe(PASSCODE_VERSION);
    expect(PasscodeRecordSchema.parse(record)).toEqual(record);
    const opened = await openWithPasscode(PASSCODE, record);
    expect(opened?.key.equals(key)).toBe(true);
    expect(opened?.upgraded).toBeUndefined();
    expect(await openWithPasscode('hestur á túnI', record)).toBeUndefined();
  });

  it('opens a version 1 record with the same key, and gives its upgrade: same salt and cost, a version 2 check', async () => {
    const { record, key } = await newPasscode(PASSCODE, FAST_TEST_KDF);
    const old = await versionOne(record, PASSCODE);
    const opened = await openWithPasscode(PASSCODE, old);
    expect(opened?.key.equals(key)).toBe(true);
    expect(opened?.upgraded).toEqual(record);
    expect(await openWithPasscode('000000', old)).toBeUndefined();
  });

  it('a version edited by hand makes every passcode wrong, either way', async () => {
    const { record } = await newPasscode(PASSCODE, FAST_TEST_KDF);
    expect(await openWithPasscode(PASSCODE, { ...record, v: 1 })).toBeUndefined();
    const old = await versionOne(record, PASSCODE);
    expect(await openWithPasscode(PASSCODE, { ...old, v: 2 })).toBeUndefined();
    expect(PasscodeRecordSchema.safeParse({ ...record, v: 3 }).success).toBe(false);
  });
});
