import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync } from 'node:crypto';
import { ivSource } from '../../secrets/secret-box.ts';

/**
 * How the payment database's rows are sealed: AES-256-GCM under a key of this store's own (derived in main from the
 * data key, see SecretBox.subKey), with associated data that binds a row to its database, its payment and its place
 * in the store's sequence (see payment-database.ts). And keyed tags (HMAC-SHA-256 under a separate derived key) for
 * what a query must find without opening anything: a payment by its id, payments to one payee.
 */
export interface RowSeal {
  seal(plain: string, bound: string): Uint8Array;
  /** The plain text, or undefined when the row was altered, sealed under another key or for another place. */
  open(sealed: Uint8Array, bound: string): string | undefined;
  tag(value: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 1;

export const STORE_KEY_BYTES = 32;

export function rowSeal(storeKey: Uint8Array): RowSeal {
  if (storeKey.length !== STORE_KEY_BYTES) throw new Error('A store key has 32 bytes');
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', storeKey, Buffer.alloc(0), info, 32));
  const secret = createSecretKey(derive('a2a-wallet payment rows'));
  // Key objects: a cipher or HMAC made from one skips importing the raw key each time (several times faster).
  const tagKey = createSecretKey(derive('a2a-wallet payment tags'));
  const freshIv = ivSource(IV_BYTES);
  return {
    seal(plain, bound) {
      const iv = freshIv();
      const cipher = createCipheriv('aes-256-gcm', secret, iv);
      cipher.setAAD(Buffer.from(bound, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
    },
    open(sealed, bound) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) return undefined;
      const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      try {
        const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(1, 1 + IV_BYTES));
        decipher.setAAD(Buffer.from(bound, 'utf8'));
        decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
    tag(value) {
      return createHmac('sha256', tagKey).update(value, 'utf8').digest('base64url').slice(0, 22);
    },
  };
}
