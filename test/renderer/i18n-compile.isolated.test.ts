import type * as IntlMessageFormatModule from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';

/**
 * Each message is compiled once per language and key (renderer/src/i18n/index.ts), not at every render: intl-messageformat's
 * constructor, which parses a text and sets up its formatters, is counted here.
 */
const made = vi.hoisted(() => ({ messages: [] as unknown[] }));
vi.mock('intl-messageformat', async (importOriginal) => {
  const real = await importOriginal<typeof IntlMessageFormatModule>();
  class Counted extends real.IntlMessageFormat {
    constructor(...args: ConstructorParameters<typeof real.IntlMessageFormat>) {
      super(...args);
      made.messages.push(args[0]);
    }
  }
  return { ...real, IntlMessageFormat: Counted };
});

describe('a message', () => {
  it('is compiled once per language and key, however often it is shown', async () => {
    // A module graph of its own, so that the window's i18n loads intl-messageformat as counted here.
    vi.resetModules();
    const { loadMessages, translate } = await import('../../renderer/src/i18n/index.ts');
    await Promise.all([loadMessages('is'), loadMessages('en')]);
    made.messages.length = 0;
    for (const count of [1, 2, 11, 21, 1000, 1]) {
      expect(translate('is', 'calls.count', { count })).toMatch(/^[\d.]+ (kall|köll)$/);
      translate('en', 'calls.count', { count });
      translate('is', 'pay.waiting', { count });
    }
    expect(made.messages).toHaveLength(3);
    // A text without ICU syntax is its own text: nothing to compile.
    expect(translate('is', 'pay.title')).toBe('Greiða');
    expect(made.messages).toHaveLength(3);
  });
});
