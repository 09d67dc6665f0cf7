import { describe, expect, it } from 'vitest';
import { displayAccount } from '../../common/account-number.ts';
import { sandboxUsers } from '../../sandbox/users.ts';
import { startSandbox } from '../../sandbox/index.ts';
import { authorize, authorizeUrl, DEFAULT_REDIRECT_URI, obtainCode, postForm, readForm } from './oauth-dance.ts';
import { useSandbox } from './fixture.ts';

async function loginPage(url: string, options: Parameters<typeof authorizeUrl>[1] = {}) {
  const response = await fetch(authorizeUrl(url, options), { redirect: 'manual' });
  return { response, html: await response.text() };
}

describe('the authorization request', () => {
  const sandbox = useSandbox();

  it('comes filled in for the user a tester picked (the app’s sandbox panel), and typed again once unpicked', async () => {
    expect(sandbox().pickUser('bjorn')).toBe(true);
    const { html } = await loginPage(sandbox().url);
    expect(html).toMatch(/id="username"[^>]*value="bjorn"/);
    expect(html).toMatch(/type="password"[^>]*value="sandbox"/);
    expect(sandbox().pickUser('mallory')).toBe(false);
    expect(sandbox().pickUser(undefined)).toBe(true);
    expect((await loginPage(sandbox().url)).html).toMatch(/id="username"[^>]*value=""/);
  });

  it('shows a login form with labelled username and password fields, a Log in button, and the six users', async () => {
    const { response, html } = await loginPage(sandbox().url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).toMatch(/<label for="username">[^<]+<\/label>\s*<input id="username" name="username"/);
    expect(html).toMatch(
      /<label for="password">[^<]+<\/label>\s*<input\s+id="password"\s+name="password"\s+type="password"/,
    );
    // Nobody picked in the app's sandbox panel: the password is typed.
    expect(html).toMatch(/type="password"[^>]*value=""/);
    expect(html).toMatch(/<button type="submit">Log in<\/button>/);
    for (const user of ['anna', 'bjorn', 'gudrun', 'einar', 'sigga', 'olafur'])
      expect(html).toContain(`<code>${user}</code>`);
    expect(html).toContain('DebtorAccountNotFound');
    expect(html).toContain('NotAuthorizedToPost');
    // Every user's accounts, as the app shows account numbers: the next step is adding one as one's own.
    for (const user of sandboxUsers) {
      for (const account of user.accounts) {
        expect(html).toMatch(new RegExp(`<code>${displayAccount(account.id)}</code\\s*>`));
      }
    }
    expect(html).toMatch(/<code>0133-26-012345<\/code\s*>/);
  });

  it('shows the form again with a message after wrong credentials, and no consent', async () => {
    const s = sandbox();
    const { html } = await loginPage(s.url);
    const form = readForm(html);
    for (const [username, password] of [
      ['anna', 'wrong'],
      ['nobody', 'sandbox'],
    ] as const) {
      const again = await postForm(new URL(form.action, s.url).href, { ...form.fields, username, password });
      const page = await again.text();
      expect(again.status).toBe(200);
      expect(page).toContain('Wrong username or password.');
      expect(page).toContain('name="password"');
      expect(page).not.toContain('name="decision"');
    }
  });

  it('lists the requested scopes on the consent page, with allow and deny buttons named decision', async () => {
    const s = sandbox();
    const form = readForm((await loginPage(s.url, { scope: 'openid payments' })).html);
    const consent = await postForm(new URL(form.action, s.url).href, {
      ...form.fields,
      username: 'anna',
      password: 'sandbox',
    });
    const html = await consent.text();
    expect(html).toContain('Anna Jónsdóttir');
    expect(html).toContain('<code>openid</code>');
    expect(html).toContain('<code>payments</code>');
    expect(html).not.toContain('<code>customer</code>');
    expect(html).toContain('<button type="submit" name="decision" value="allow">');
    expect(html).toContain('<button type="submit" name="decision" value="deny">');
  });

  it('redirects with code and state on allow', async () => {
    const location = await authorize(sandbox().url, { state: 'xyz 1/2' });
    expect(`${location.origin}${location.pathname}`).toBe(DEFAULT_REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe('xyz 1/2');
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('redirects with error=access_denied and the state on deny', async () => {
    const location = await authorize(sandbox().url, { decision: 'deny', state: 's1' });
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('accepts the scope joined by spaces as well as by +', async () => {
    const s = sandbox();
    const url = authorizeUrl(s.url).replace(/scope=[^&]*/, 'scope=openid%20payments');
    expect((await fetch(url)).status).toBe(200);
  });

  it('accepts a loopback redirect URI on any port and path, and keeps its query', async () => {
    const s = sandbox();
    for (const redirectUri of ['http://127.0.0.1:1/a', 'http://[::1]:65000/cb/deep?x=1', 'http://127.0.0.1/x']) {
      const location = await authorize(s.url, { redirectUri });
      expect(location.href.startsWith(redirectUri)).toBe(true);
      expect(location.searchParams.has('code')).toBe(true);
    }
  });

  it('never redirects to an unregistered redirect URI, nor for an unknown client: an error page', async () => {
    const s = sandbox();
    for (const options of [
      { redirectUri: 'https://attacker.example/cb' },
      { redirectUri: 'http://10.0.0.1:8080/cb' },
      { redirectUri: 'https://127.0.0.1:8080/cb' },
      { redirectUri: 'not a uri' },
      { clientId: 'unknown-app' },
    ]) {
      const { response, html } = await loginPage(s.url, options);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(html).toContain('The sign-in cannot go on');
    }
    const noClient = await fetch(`${s.url}/as/authorization.oauth2?response_type=code`, { redirect: 'manual' });
    expect(noClient.status).toBe(400);
    expect(noClient.headers.get('location')).toBeNull();
  });

  it('redirects the other errors with error and state', async () => {
    const s = sandbox();
    const cases: [Parameters<typeof authorizeUrl>[1], string][] = [
      [{ responseType: 'token' }, 'unsupported_response_type'],
      [{ scope: 'openid wallet' }, 'invalid_scope'],
      [{ scope: '' }, 'invalid_scope'],
    ];
    for (const [options, error] of cases) {
      const response = await fetch(authorizeUrl(s.url, { ...options, state: 'st' }), { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('st');
    }
    const noState = await fetch(authorizeUrl(s.url).replace(/&state=[^&]*/, ''), { redirect: 'manual' });
    expect(new URL(noState.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const plain = await fetch(`${authorizeUrl(s.url)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=plain`, {
      redirect: 'manual',
    });
    expect(new URL(plain.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    const short = await fetch(`${authorizeUrl(s.url)}&code_challenge=tooShort&code_challenge_method=S256`, {
      redirect: 'manual',
    });
    expect(new URL(short.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('escapes every value it puts into a page', async () => {
    const s = sandbox();
    const { html } = await loginPage(s.url, { clientId: '<script>alert(1)</script>' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const form = readForm((await loginPage(s.url)).html);
    const again = await postForm(new URL(form.action, s.url).href, {
      ...form.fields,
      username: '"><img src=x onerror=alert(1)>',
      password: 'x',
    });
    const page = await again.text();
    expect(page).not.toContain('<img');
    expect(page).toContain('&quot;&gt;&lt;img');
  });

  it('refuses a consent without a login, an unknown request, and a consent sent twice', async () => {
    const s = sandbox();
    const form = readForm((await loginPage(s.url)).html);
    const early = await postForm(`${s.url}/as/consent`, { ...form.fields, decision: 'allow' });
    expect(early.status).toBe(400);
    expect(early.headers.get('location')).toBeNull();
    const unknown = await postForm(`${s.url}/as/login`, { request: 'nope', username: 'anna', password: 'sandbox' });
    expect(unknown.status).toBe(400);
    const consent = readForm(
      await (
        await postForm(new URL(form.action, s.url).href, { ...form.fields, username: 'anna', password: 'sandbox' })
      ).text(),
    );
    expect((await postForm(`${s.url}/as/consent`, { ...consent.fields, decision: 'allow' })).status).toBe(302);
    expect((await postForm(`${s.url}/as/consent`, { ...consent.fields, decision: 'allow' })).status).toBe(400);
  });

  it('forgets a login page left open for 15 minutes', async () => {
    const s = sandbox();
    const form = readForm((await loginPage(s.url)).html);
    s.clock.advanceSeconds(15 * 60);
    const late = await postForm(`${s.url}/as/login`, { ...form.fields, username: 'anna', password: 'sandbox' });
    expect(late.status).toBe(400);
  });
});

describe('--strict-redirect', () => {
  it('demands the exact registered URI', async () => {
    const registered = 'http://127.0.0.1:8765/callback';
    const s = await startSandbox({ strictRedirect: registered });
    try {
      expect((await obtainCode(s.url, { redirectUri: registered })).length).toBeGreaterThan(20);
      for (const redirectUri of [
        'http://127.0.0.1:8766/callback',
        'http://127.0.0.1:8765/callback/',
        DEFAULT_REDIRECT_URI,
      ]) {
        const { response } = await loginPage(s.url, { redirectUri });
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
      }
    } finally {
      await s.stop();
    }
  });
});

describe('discovery and JWKS', () => {
  const sandbox = useSandbox();

  it('publishes the endpoints on the one origin', async () => {
    const s = sandbox();
    const config = (await (await fetch(`${s.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      issuer: s.url,
      authorization_endpoint: `${s.url}/as/authorization.oauth2`,
      token_endpoint: `${s.url}/as/token.oauth2`,
      jwks_uri: `${s.url}/pf/JWKS`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(`${s.url}/pf/JWKS`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
