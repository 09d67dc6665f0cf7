import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidRequestId, newRequestId } from '../../common/request-id.ts';

describe('X-Request-ID', () => {
  it('makes 32 alphanumeric characters that the bank accepts', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newRequestId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(isValidRequestId(id)).toBe(true);
    }
  });

  it('uses every byte it is given without bias: bytes past the last full alphabet cycle are skipped', () => {
    // 248 = 4 * 62 is the first byte that would favour the first letters; it must be thrown away.
    const bytes = [248, 255, 0, 61, 62];
    let call = 0;
    const id = newRequestId((buffer) => {
      buffer.fill(0);
      if (call++ === 0) buffer.set(bytes);
      return buffer;
    });
    expect(id.slice(0, 3)).toBe('A9A');
    expect(id).toHaveLength(32);
  });

  it('validates 1 to 35 characters of [a-zA-Z0-9]', () => {
    expect(isValidRequestId('a')).toBe(true);
    expect(isValidRequestId('a'.repeat(35))).toBe(true);
    expect(isValidRequestId('')).toBe(false);
    expect(isValidRequestId('a'.repeat(36))).toBe(false);
    for (const bad of ['abc-def', 'abc def', 'ábc', 'abc_1', 'abc\n']) expect(isValidRequestId(bad)).toBe(false);
  });

  it('property: anything with a character outside [a-zA-Z0-9] is refused', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 35 }), (text) => {
        expect(isValidRequestId(text)).toBe(/^[a-zA-Z0-9]+$/.test(text));
      }),
    );
  });
});
