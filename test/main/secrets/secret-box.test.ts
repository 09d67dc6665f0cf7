import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aesGcmBox, newDataKey } from '../../../main/secrets/secret-box.ts';

const IV_CHARS = 16; // 12 bytes of IV are the first 16 base64 characters after "v1:"
const ivOf = (sealed: string) => sealed.slice(3, 3 + IV_CHARS);

describe('the secret box (AES-256-GCM)', () => {
  it('opens what it sealed, for the same context only', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (plain, context, other) => {
        const box = aesGcmBox(newDataKey());
        const sealed = box.seal(plain, context);
        expect(box.open(sealed, context)).toBe(plain);
        if (other !== context) expect(() => box.open(sealed, other)).toThrow();
        expect(() => aesGcmBox(newDataKey()).open(sealed, context)).toThrow();
      }),
    );
  });

  it('never uses an IV twice under one key, across many batches of IVs', () => {
    const box = aesGcmBox(newDataKey());
    const seen = new Set<string>();
    for (let n = 0; n < 2_000; n += 1) seen.add(ivOf(box.seal('same text', 'same context')));
    expect(seen.size).toBe(2_000);
  });

  it('refuses a sealed text with any byte changed', () => {
    const box = aesGcmBox(newDataKey());
    const sealed = box.seal('{"amount":1500}', 'ctx');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const altered = Buffer.from(bytes);
        altered[at] = (altered[at] ?? 0) ^ flip;
        expect(() => box.open(`v1:${altered.toString('base64')}`, 'ctx')).toThrow();
      }),
    );
  });
});
