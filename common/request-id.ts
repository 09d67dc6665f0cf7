/**
 * X-Request-ID: the bank's idempotency key, 1 to 35 characters of [a-zA-Z0-9], remembered for 24 hours per
 * client. The app makes one per payment intent and reuses it on every retry.
 */
export const REQUEST_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/;
export const REQUEST_ID_LENGTH = 32;
export const REQUEST_ID_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a payment's request id's 24 hours are over, counted from its confirmation (never later than its first
 * send): the app no longer sends it, nor asks the bank with it.
 */
export const windowClosed = (intent: { createdAt: number }, now: number): boolean =>
  now >= intent.createdAt + REQUEST_ID_WINDOW_MS;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function isValidRequestId(value: string): boolean {
  return REQUEST_ID_PATTERN.test(value);
}

/** Fills a byte array with cryptographically strong random values (Web Crypto in every runtime we run in). */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

// common/ sees neither DOM nor Node typings; Web Crypto exists in both, so name the one call we use.
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(bytes: Uint8Array): Uint8Array } }).crypto;
const webCryptoRandom: RandomBytes = (bytes) => webCrypto.getRandomValues(bytes);

/** 32 characters from a cryptographic RNG, without modulo bias (rejection sampling). */
export function newRequestId(random: RandomBytes = webCryptoRandom): string {
  const limit = 256 - (256 % ALPHABET.length);
  let id = '';
  while (id.length < REQUEST_ID_LENGTH) {
    for (const byte of random(new Uint8Array(REQUEST_ID_LENGTH))) {
      if (byte < limit && id.length < REQUEST_ID_LENGTH) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}

/**
 * Whether the app sends a payment no more, by itself or on a press: its request id's 24 hours are over, or the
 * customer stopped it, or it came from a backup (issue 38, `sendsStopped`). Its outcome is then the customer's word.
 */
export const sendsEnded = (intent: { createdAt: number; sendsStopped?: unknown }, now: number): boolean =>
  windowClosed(intent, now) || intent.sendsStopped !== undefined;
