import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BACKUP_FILE_MAX_BYTES } from '../../common/backup-passphrase.ts';
import type { KdfParams } from '../lock/passcode.ts';

/**
 * The backup file's clear header line (docs/BACKUP.md): its fields, its version 2 `sum`, and the reading of a file
 * up to the passphrase (ours, not newer, not too large, a well-formed header and body). No key is derived here;
 * backup-file.ts seals and opens.
 */

export const BACKUP_FORMAT = 'a2a-wallet-backup';
/** The version this app writes. It opens every version up to it. */
export const BACKUP_VERSION = 2;

/** The costs a file may ask for: what this app writes, and never more (a hostile file could ask for N=2^30). */
export const BACKUP_KDF_MIN_N = 2 ** 14;
export const BACKUP_KDF_MAX_N = 2 ** 20;

/** The largest file opened: refused before anything else is read but the header. */
export const BACKUP_MAX_BYTES = BACKUP_FILE_MAX_BYTES;
/** The header line, its `\n` included, is never longer, in this version or any later one. */
export const BACKUP_MAX_HEADER_BYTES = 4096;

export type BackupFileError =
  'BACKUP_NOT_A_BACKUP' | 'BACKUP_NEWER_FORMAT' | 'BACKUP_WRONG_PASSPHRASE' | 'BACKUP_DAMAGED' | 'BACKUP_TOO_LARGE';

export const SALT_BYTES = 16;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
export const CHECK_BYTES = 16;
const SUM_BYTES = 16;
const NEWLINE = 0x0a;

/** Every header this app writes starts with these bytes: a file that does and is broken is a damaged backup. */
const MAGIC = Buffer.from(`{"format":"${BACKUP_FORMAT}"`, 'utf8');

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** Canonical standard base64 of exactly `bytes` bytes: one spelling only, so a changed character is never ignored. */
const base64Of = (bytes: number) =>
  z
    .string()
    .max(64)
    .refine((text) => {
      const decoded = Buffer.from(text, 'base64');
      return decoded.length === bytes && decoded.toString('base64') === text;
    }, `base64 of ${bytes} bytes`);

const KdfSchema = z.strictObject({
  name: z.literal('scrypt'),
  N: z.number().int().min(BACKUP_KDF_MIN_N).max(BACKUP_KDF_MAX_N).refine(isPowerOfTwo, 'a power of two'),
  r: z.literal(8),
  p: z.literal(1),
  salt: base64Of(SALT_BYTES),
});

const createdAt = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Version 1: no sum. Opened, never written. */
const HeaderV1Schema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  kdf: KdfSchema,
  iv: base64Of(IV_BYTES),
  check: base64Of(CHECK_BYTES),
  createdAt,
});
/** Version 2: version 1's fields, then `sum`. */
const HeaderV2Schema = z.strictObject({
  ...HeaderV1Schema.shape,
  version: z.literal(2),
  sum: base64Of(SUM_BYTES),
});
export const HeaderSchema = z.discriminatedUnion('version', [HeaderV1Schema, HeaderV2Schema]);
export type Header = z.infer<typeof HeaderSchema>;
export type Summed = Omit<z.infer<typeof HeaderV2Schema>, 'sum'>;

/**
 * Version 2's `sum`: SHA-256, cut to 16 bytes, of the header's other fields written as JSON in the order the file
 * writes them, without spaces. Not a secret and not a proof (anyone can write a header and its sum; the GCM tag is the
 * proof): it tells a header changed by accident before scrypt is run, whatever field the change hit.
 */
export function sumOf(header: Summed): string {
  const { format, version, kdf, iv, check, createdAt } = header;
  const { name, N, r, p, salt } = kdf;
  const text = JSON.stringify({ format, version, kdf: { name, N, r, p, salt }, iv, check, createdAt });
  return createHash('sha256').update(text, 'utf8').digest().subarray(0, SUM_BYTES).toString('base64');
}

/** Whether this app writes and opens files of that cost. */
export function isAcceptedBackupKdf(params: KdfParams): boolean {
  return (
    Number.isInteger(params.N) &&
    params.N >= BACKUP_KDF_MIN_N &&
    params.N <= BACKUP_KDF_MAX_N &&
    isPowerOfTwo(params.N) &&
    params.r === 8 &&
    params.p === 1
  );
}

export type Parsed =
  { ok: true; header: Header; headerBytes: Buffer; body: Buffer } | { ok: false; error: BackupFileError };

/** Everything that needs no passphrase, in order: ours, not newer, not too large, a well-formed header and body. */
export function parse(file: Uint8Array): Parsed {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const ours = bytes.subarray(0, MAGIC.length).equals(MAGIC);
  const end = bytes.subarray(0, BACKUP_MAX_HEADER_BYTES).indexOf(NEWLINE);
  const line = end < 0 ? undefined : bytes.subarray(0, end);
  const json = line !== undefined && isUtf8(line) ? parseJson(line.toString('utf8')) : undefined;
  if (!isObject(json) || json.format !== BACKUP_FORMAT) {
    return { ok: false, error: ours ? 'BACKUP_DAMAGED' : 'BACKUP_NOT_A_BACKUP' };
  }
  // Before anything else of the header is read: a later version may have other fields, and it may cost more.
  if (typeof json.version === 'number' && Number.isInteger(json.version) && json.version > BACKUP_VERSION) {
    return { ok: false, error: 'BACKUP_NEWER_FORMAT' };
  }
  if (bytes.length > BACKUP_MAX_BYTES) return { ok: false, error: 'BACKUP_TOO_LARGE' };
  const header = HeaderSchema.safeParse(json);
  const body = bytes.subarray(end + 1);
  if (!header.success || body.length <= TAG_BYTES) return { ok: false, error: 'BACKUP_DAMAGED' };
  if (header.data.version === 2 && header.data.sum !== sumOf(header.data))
    return { ok: false, error: 'BACKUP_DAMAGED' };
  return { ok: true, header: header.data, headerBytes: bytes.subarray(0, end + 1), body };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
