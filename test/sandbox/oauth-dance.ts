import { createHash, randomBytes } from 'node:crypto';

/**
 * The sandbox's login-and-consent dance over real HTTP, as a browser and the app would do it: GET the authorization
 * request, POST the login form, POST the consent form, read the code from the 302, POST the token request. Only
 * `fetch` and a base URL are needed, so tests anywhere (main/, e2e) can use it against any sandbox.
 */
export const localApp = {
  clientId: 'wallet-local',
  clientSecret: 'wallet-local-secret',
  apiKey: 'wallet-local-apikey',
} as const;

export const FULL_SCOPE = 'profile openid customer accounts payments';
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:53682/callback';

export interface AuthorizeOptions {
  clientId?: string;
  redirectUri?: string;
  /** Space-separated; sent joined by `+`, as bank-service.md shows. */
  scope?: string;
  state?: string;
  nonce?: string;
  /** Send an S256 code_challenge of this verifier. */
  codeVerifier?: string;
  responseType?: string;
}

export interface DanceOptions extends AuthorizeOptions {
  username?: string;
  password?: string;
  decision?: 'allow' | 'deny';
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(baseUrl: string, options: AuthorizeOptions = {}): string {
  const params: [string, string][] = [
    ['client_id', options.clientId ?? localApp.clientId],
    ['response_type', options.responseType ?? 'code'],
    ['redirect_uri', options.redirectUri ?? DEFAULT_REDIRECT_URI],
    ['state', options.state ?? 'state-123'],
  ];
  if (options.nonce !== undefined) params.push(['nonce', options.nonce]);
  if (options.codeVerifier !== undefined) {
    params.push(['code_challenge', createHash('sha256').update(options.codeVerifier).digest('base64url')]);
    params.push(['code_challenge_method', 'S256']);
  }
  const query = params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  const scope = (options.scope ?? FULL_SCOPE).split(' ').map(encodeURIComponent).join('+');
  return `${baseUrl}/as/authorization.oauth2?${query}&scope=${scope}`;
}

/** The first form of a page: where it posts and its fields' values (hidden ones, and named buttons). */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the page:\n${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name !== undefined) fields[name] = unescapeHtml(value ?? '');
  }
  return { action: unescapeHtml(form[1] ?? ''), fields };
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Login page -> consent page -> 302. Returns the redirect's Location (code and state, or an error). */
export async function authorize(baseUrl: string, options: DanceOptions = {}): Promise<URL> {
  const loginPage = await fetch(authorizeUrl(baseUrl, options), { redirect: 'manual' });
  if (loginPage.status !== 200) throw new Error(`authorization request answered ${loginPage.status}`);
  const login = readForm(await loginPage.text());
  const consentPage = await postForm(new URL(login.action, baseUrl).href, {
    ...login.fields,
    username: options.username ?? 'anna',
    password: options.password ?? 'sandbox',
  });
  const consent = readForm(await consentPage.text());
  if (!('request' in consent.fields) || consent.action.includes('login')) throw new Error('login failed');
  const redirect = await postForm(new URL(consent.action, baseUrl).href, {
    ...consent.fields,
    decision: options.decision ?? 'allow',
  });
  const location = redirect.headers.get('location');
  if (redirect.status !== 302 || location === null) throw new Error(`consent answered ${redirect.status}`);
  return new URL(location);
}

/** The authorization code of a successful dance. */
export async function obtainCode(baseUrl: string, options: DanceOptions = {}): Promise<string> {
  const location = await authorize(baseUrl, options);
  const code = location.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${location.href}`);
  return code;
}

export interface ClientCredentials {
  clientId?: string;
  clientSecret?: string;
  /** Authenticate with HTTP Basic instead of form fields. */
  basic?: boolean;
}

function withClient(
  fields: Record<string, string>,
  client: ClientCredentials,
): { fields: Record<string, string>; headers: Record<string, string> } {
  const clientId = client.clientId ?? localApp.clientId;
  const clientSecret = client.clientSecret ?? localApp.clientSecret;
  if (!client.basic) return { fields: { ...fields, client_id: clientId, client_secret: clientSecret }, headers: {} };
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64');
  return { fields, headers: { authorization: `Basic ${basic}` } };
}

export function exchangeCode(
  baseUrl: string,
  code: string,
  options: ClientCredentials & { redirectUri?: string; codeVerifier?: string } = {},
): Promise<Response> {
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: options.redirectUri ?? DEFAULT_REDIRECT_URI,
  };
  if (options.codeVerifier !== undefined) fields.code_verifier = options.codeVerifier;
  const request = withClient(fields, options);
  return postForm(`${baseUrl}/as/token.oauth2`, request.fields, request.headers);
}

export function refreshTokens(
  baseUrl: string,
  refreshToken: string,
  options: ClientCredentials & { scope?: string } = {},
): Promise<Response> {
  const fields: Record<string, string> = { grant_type: 'refresh_token', refresh_token: refreshToken };
  if (options.scope !== undefined) fields.scope = options.scope;
  const request = withClient(fields, options);
  return postForm(`${baseUrl}/as/token.oauth2`, request.fields, request.headers);
}

/** The whole dance: tokens for `username` (anna by default), or an error naming the step that failed. */
export async function signIn(baseUrl: string, options: DanceOptions & ClientCredentials = {}): Promise<TokenSet> {
  const code = await obtainCode(baseUrl, options);
  const response = await exchangeCode(baseUrl, code, options);
  if (response.status !== 200) throw new Error(`token request answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenSet;
}
