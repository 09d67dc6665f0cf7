import { describe, expect, it } from 'vitest';
import { startFailureMessage } from '../../../main/platform/start-failure.ts';

describe('the start-failure message', () => {
  it('speaks the system language, gives the reason, the data folder and what to do', () => {
    const is = startFailureMessage(['is-IS', 'en-US'], 'ENOSPC: no space left on device', '/home/anna/.config/x');
    expect(is.title).toBe('A2A Wallet gat ekki ræst');
    expect(is.message).toContain('ENOSPC: no space left on device');
    expect(is.message).toContain('/home/anna/.config/x');
    expect(is.message).toMatch(/Hvað er til ráða/);
    const en = startFailureMessage(['de-DE'], 'boom', undefined);
    expect(en.title).toBe('A2A Wallet could not start');
    expect(en.message).toMatch(/What to do/);
    expect(en.message).not.toContain('()');
  });
});
