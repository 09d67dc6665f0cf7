import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals secrets at rest with AES-256-GCM under a data key. The data key itself is protected by the OS keychain
 * (Electron's safeStorage) in the app; see the platform. Opening anything altered fails: GCM authenticates it.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the sealed text was altered or sealed under another key. */
  open(sealed: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function aesGcmBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(':');
      if (version !== VERSION || payload === undefined) throw new Error('Not a sealed secret');
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed secret is too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

export function newDataKey(): Buffer {
  return randomBytes(32);
}
