import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets and records at rest with AES-256-GCM under a data key. The data key itself is protected by the OS
 * keychain (Electron's safeStorage) in the app; see the platform. Opening anything altered fails: GCM authenticates
 * it, together with the context it was sealed for (`context`), so a record cannot be moved to another file either.
 */
export interface SecretBox {
  seal(plain: string, context?: string): string;
  /** Throws when the sealed text was altered, sealed under another key or for another context. */
  open(sealed: string, context?: string): string;
  /** A keyed, one-way name for a value (a file name for a customer's records that does not show the kennitala). */
  tag?(value: string): string;
  /**
   * A key of its own for one use (HKDF of the data key), for a part of the app that seals in another thread: the
   * payment store's worker gets its store's key, never the data key.
   */
  subKey?(purpose: string): Uint8Array;
  /**
   * The data key itself, for one use only: the store's worker importing a payment journal of an earlier release,
   * whose lines were sealed under it (store-import.ts). Nothing else asks for it.
   */
  journalKey?(): Uint8Array;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Fresh random IVs of `bytes` each, drawn a batch at a time (one call into the OS's generator per record showed in
 * the payment path's profile). Each slice is used once; a new batch replaces the old one, never refills it.
 */
export function ivSource(bytes: number): () => Buffer {
  let ivs = Buffer.alloc(0);
  let next = 0;
  return () => {
    if (next + bytes > ivs.length) {
      ivs = randomBytes(bytes * 256);
      next = 0;
    }
    next += bytes;
    return ivs.subarray(next - bytes, next);
  };
}

export function aesGcmBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  // A separate key for naming, so a tag says nothing about the encryption key.
  const tagKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'a2a-wallet tag', 32));
  // Imported once: a cipher made from a key object skips importing the raw key for every record (several times
  // faster per record; the payment path seals two records per submit).
  const secret = createSecretKey(key);
  const freshIv = ivSource(IV_BYTES);
  return {
    seal(plain, context) {
      const iv = freshIv();
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed, context) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || payload === undefined) throw new Error('Not a sealed secret');
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed secret is too short');
      const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, IV_BYTES));
      if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    tag(value) {
      return createHmac('sha256', tagKey).update(value, 'utf8').digest('hex').slice(0, 32);
    },
    journalKey() {
      return new Uint8Array(key);
    },
    subKey(purpose) {
      return new Uint8Array(hkdfSync('sha256', key, Buffer.alloc(0), `a2a-wallet sub-key|${purpose}`, 32));
    },
  };
}

export function newDataKey(): Buffer {
  return randomBytes(32);
}
