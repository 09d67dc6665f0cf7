import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedExternalHref,
  httpsOrigin,
  isAllowedExternalUrl,
  linkAction,
  originsOf,
} from '../../../main/window/external-links.ts';

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
    expect(linkAction(url, allowed)).toEqual({ action: 'open-in-browser', href: new URL(url).href });
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
    // The WHATWG parser reads these as bank.is; a shell handler may read user info and go to evil.example.
    ['a backslash before @ (issue 13)', 'https://allowed.example\\@evil.example'],
    ['a backslash before @ on an allowed host', 'https://bank.is\\@evil.example/'],
    ['a backslash in the authority', 'https://bank.is\\.evil.example/'],
    ['backslashes for slashes', 'https:\\\\bank.is/'],
    ['a backslash in the path', 'https://bank.is/a\\b'],
    ['an empty user name', 'https://@bank.is/'],
    ['an empty password', 'https://:@bank.is/'],
    ['a user name only', 'https://evil.example@bank.is/'],
    ['a tab the parser drops', 'https://bank.is/\tpath'],
    ['a newline in the host', 'https://ba\nnk.is/'],
    ['a leading space', ' https://bank.is/'],
    ['a trailing NUL', 'https://bank.is/\u0000'],
    ['a DEL', 'https://bank.is/\u007f'],
    ['empty', ''],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedExternalUrl(url, allowed)).toBe(false);
    expect(linkAction(url, allowed)).toEqual({ action: 'deny' });
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

  it('refuses the backslash-before-@ link of issue 13 on an allowed host', () => {
    expect(isAllowedExternalUrl('https://allowed.example\\@evil.example', ['https://allowed.example'])).toBe(false);
  });

  it('passes on the parsed href only, never the raw string', () => {
    expect(allowedExternalHref('https://BANK.is:443/terms', allowed)).toBe('https://bank.is/terms');
    expect(allowedExternalHref('https://bank.is/a%20b?x=1#y', allowed)).toBe('https://bank.is/a%20b?x=1#y');
  });

  it('refuses profile URLs with ambiguous text for the allow-list too', () => {
    expect(
      originsOf(['https://evil.example\\.bank.is', 'https://bank.is\\@evil.example', 'https://x@bank.is']),
    ).toEqual([]);
  });
});

/** Attacks generated around an allowed origin: whatever is opened is an allowed origin's https URL, re-parsed alike. */
describe('the external link allow-list, under generated attacks', () => {
  const piece = fc.constantFrom(
    '\\',
    '@',
    ':',
    '/',
    '//',
    '.',
    '%40',
    '%5C',
    '%2F',
    '#',
    '?',
    ' ',
    '\t',
    '\n',
    'bank.is',
    'evil.example',
    'user',
    ':443',
    ':8443',
    'https:',
    'HTTPS:',
    '[::1]',
    '127.0.0.1',
  );
  const attack = fc
    .tuple(fc.constantFrom('https://', 'https:', 'https:\\\\', 'https:/\\', ''), fc.array(piece, { maxLength: 8 }))
    .map(([start, pieces]) => start + pieces.join(''));

  it('opens only an allowed https origin, as an href that reads the same to every parser', () => {
    fc.assert(
      fc.property(attack, (raw) => {
        const href = allowedExternalHref(raw, allowed);
        if (href === undefined) return;
        const url = new URL(href);
        expect(allowed).toContain(url.origin);
        expect(url.username + url.password).toBe('');
        expect(href).not.toMatch(/[\\\s]/);
        // What is opened re-parses to itself: nothing left for another parser to read differently.
        expect(new URL(href).href).toBe(href);
        expect(raw).not.toMatch(/[\\\s]/);
      }),
      { numRuns: 2000 },
    );
  });

  it('never allows a URL whose raw text holds a backslash or user info', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), (base, extra) => {
        const url = new URL(base);
        const withInfo = `${url.protocol}//${extra.replace(/[/?#]/g, '')}@${url.host}${url.pathname}`;
        const origins = [url.origin.replace(/^http:/, 'https:')];
        expect(allowedExternalHref(withInfo.replace(/^http:/, 'https:'), origins)).toBeUndefined();
        expect(allowedExternalHref(`https://${url.host}\\@evil.example/`, origins)).toBeUndefined();
      }),
    );
  });
});
