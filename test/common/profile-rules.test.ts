import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../common/profile.ts';
import { parseServiceUrl } from '../../common/profile-rules.ts';

/**
 * Case 13 of issue 13, profile side: a profile address means the host it shows. Parsed with URL, stored as the
 * parsed href (no trailing slash); anything URL would read as another host than the text suggests is refused.
 */
const profileWith = (baseUrl: string) =>
  ProfileSchema.safeParse({
    id: 'p',
    name: 'P',
    environment: 'bank-sandbox',
    baseUrl,
    authUrl: 'https://auth.bank.is',
    clientId: 'c',
    clientSecret: '',
    apiKey: 'k',
  });

describe('profile addresses', () => {
  it.each([
    'https://evil.example\\.bank.is',
    'https://evil.example\\@bank.is',
    'https://a@b.bank.is',
    'https://user:pass@bank.is/api',
    'https://bank.is@evil.example',
    'https://evil%2Eexample',
    'https://bänk.is',
    'https://bank.is/api?x=1',
    'https://bank.is/#frag',
    'https://bank .is',
    'http://bank.is',
    'http://127.0.0.2',
    'http://localhost.evil.example',
    'ftp://bank.is',
    'https:/bank.is',
    'https://0x7f.1',
    'javascript:alert(1)',
  ])('refuses %s', (url) => {
    expect(parseServiceUrl(url)).toBeUndefined();
    expect(profileWith(url).success).toBe(false);
  });

  it.each([
    ['https://API.Bank.is/', 'https://api.bank.is'],
    ['https://bank.is:443/v1/', 'https://bank.is/v1'],
    ['https://bank.is:8443', 'https://bank.is:8443'],
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['http://localhost:4010', 'http://localhost:4010'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
  ])('stores %s as %s', (url, stored) => {
    expect(profileWith(url)).toMatchObject({ success: true, data: { baseUrl: stored } });
  });

  it('never accepts an address whose parsed host is not the one its text shows', () => {
    const pieces = fc.constantFrom(
      'bank.is',
      'evil.example',
      '@',
      '\\',
      '/',
      ':',
      '.',
      '%2e',
      '%40',
      '#',
      '?',
      'a',
      '1',
    );
    fc.assert(
      fc.property(fc.constantFrom('https://', 'http://'), fc.array(pieces, { maxLength: 8 }), (scheme, parts) => {
        const text = scheme + parts.join('');
        const parsed = parseServiceUrl(text);
        if (parsed === undefined) return;
        const url = new URL(parsed);
        // The host a reader sees: everything after the scheme up to the first slash.
        expect(text.slice(scheme.length).split('/')[0]?.toLowerCase().replace(/:443$/, '')).toBe(url.host);
        expect(url.username + url.password + url.search + url.hash).toBe('');
        expect(url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)).toBe(true);
      }),
      { numRuns: 2000, seed: 13 },
    );
  });
});
