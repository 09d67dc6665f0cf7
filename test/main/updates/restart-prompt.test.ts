import { describe, expect, it } from 'vitest';
import { restartPrompt } from '../../../main/updates/restart-prompt.ts';

describe('restart prompt', () => {
  it('asks in Icelandic and in English, naming the product and version, restart first', () => {
    const is = restartPrompt('is', 'Greiðsluappið', '1.2.0');
    expect(is.message).toContain('Greiðsluappið');
    expect(is.message).toContain('1.2.0');
    expect(is.buttons).toEqual(['Endurræsa núna', 'Síðar']);
    const en = restartPrompt('en', 'A2A Wallet', '1.2.0');
    expect(en.message).toBe('A new version of A2A Wallet (1.2.0) is ready.');
    expect(en.buttons).toEqual(['Restart now', 'Later']);
  });
});
