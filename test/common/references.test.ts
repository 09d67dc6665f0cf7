import { describe, expect, it } from 'vitest';
import { checkEndToEndId, checkExtendedReference } from '../../common/references.ts';

describe('payment references', () => {
  it('accepts printable text up to the limit, Icelandic letters included', () => {
    expect(checkEndToEndId('Leiga nóvember þús.')).toEqual({ ok: true, value: 'Leiga nóvember þús.' });
    expect(checkEndToEndId('x'.repeat(35)).ok).toBe(true);
    expect(checkExtendedReference('ð'.repeat(140)).ok).toBe(true);
    expect(checkEndToEndId('  trimmed  ')).toEqual({ ok: true, value: 'trimmed' });
  });

  it('refuses text over the limit, counted in characters', () => {
    expect(checkEndToEndId('x'.repeat(36))).toEqual({ ok: false, error: 'too_long' });
    expect(checkExtendedReference('ð'.repeat(141))).toEqual({ ok: false, error: 'too_long' });
  });

  it('refuses control and invisible formatting characters', () => {
    for (const text of ['a\nb', 'a\u0000b', 'a\u200bb', 'a\u202eb']) {
      expect(checkEndToEndId(text)).toEqual({ ok: false, error: 'not_printable' });
    }
  });
});
