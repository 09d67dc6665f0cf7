import { describe, expect, it } from 'vitest';
import { httpsOrigin, isAllowedExternalUrl, linkAction, originsOf } from '../../../main/window/external-links.ts';

const allowed = ['https://bank.is', 'https://docs.example.org'];

describe('the external link allow-list', () => {
  it.each([
    'https://bank.is',
    'https://bank.is/',
    'https://bank.is/personuvernd?lang=is#top',
    'https://BANK.is/upper-case-host',
    'https://bank.is:443/default-port',
    'https://docs.example.org/a2a-wallet/',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, allowed)).toBe(true);
    expect(linkAction(url, allowed)).toBe('open-in-browser');
  });

  it.each([
    ['plain http', 'http://bank.is/'],
    ['a subdomain', 'https://www.bank.is/'],
    ['a look-alike suffix', 'https://bank.is.evil.example/'],
    ['a look-alike prefix', 'https://evilbank.is/'],
    ['another port', 'https://bank.is:8443/'],
    ['credentials', 'https://user:pass@bank.is/'],
    ['a user name that looks like the host', 'https://bank.is@evil.example/'],
    ['a file URL', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['not a URL', 'bank.is'],
    ['empty', ''],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedExternalUrl(url, allowed)).toBe(false);
    expect(linkAction(url, allowed)).toBe('deny');
  });

  it('refuses everything with an empty list', () => {
    expect(isAllowedExternalUrl('https://bank.is/', [])).toBe(false);
  });

  it('ignores entries that are not https origins', () => {
    expect(isAllowedExternalUrl('https://bank.is/', ['http://bank.is', 'bank.is', '*'])).toBe(false);
    expect(isAllowedExternalUrl('http://127.0.0.1:8080/', ['http://127.0.0.1:8080'])).toBe(false);
  });

  it('builds the list from service URLs: https origins, once each, no loopback http', () => {
    expect(
      originsOf([
        'https://api.bank.is/psd2/v1',
        'https://auth.bank.is/oauth',
        'https://api.bank.is/other',
        'http://127.0.0.1:4010',
        '',
        'not a url',
      ]),
    ).toEqual(['https://api.bank.is', 'https://auth.bank.is']);
    expect(httpsOrigin('  https://bank.is/x  ')).toBe('https://bank.is');
  });
});
