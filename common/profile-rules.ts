/**
 * The rules of a profile, without zod: the profile form in the renderer checks with them as the customer types, and
 * common/profile.ts builds its schema on them, so the form and the main process cannot disagree. The main process
 * checks again with the schema and has the last word.
 */
export const ENVIRONMENTS = ['local-sandbox', 'bank-sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The built-in profile of the embedded sandbox bank: the main process fills in its address when it starts. */
export const LOCAL_SANDBOX_ID = 'local-sandbox';

/** Lower-case letters, digits and dashes, starting with a letter or digit, at most 40. */
export const PROFILE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const API_VERSION_PATTERN = /^v\d+$/;
/** An OAuth scope: printable ASCII without spaces (RFC 6749, 3.3). */
export const SCOPE_PATTERN = /^[\x21-\x7e]+$/;
export const DEFAULT_SCOPES: readonly string[] = ['profile', 'openid', 'customer', 'accounts', 'payments'];
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_post', 'client_secret_basic'] as const;
export type TokenEndpointAuth = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

/** What a new profile starts with where the tester types nothing. */
export const PROFILE_DEFAULTS: {
  apiVersion: string;
  tokenEndpointAuth: TokenEndpointAuth;
  kennitalaClaims: readonly string[];
  nameClaims: readonly string[];
} = {
  apiVersion: 'v1',
  tokenEndpointAuth: 'client_secret_post',
  kennitalaClaims: ['kennitala'],
  nameClaims: ['name'],
};

/**
 * The most each field may hold. Nothing a bank needs comes close; the bounds are there because the renderer is not
 * trusted, and a profile is stored and sent on.
 */
export const PROFILE_LIMITS = {
  id: 40,
  name: 60,
  clientId: 200,
  clientSecret: 500,
  apiKey: 500,
  /** Every address, and the issuer (which is one too, though it is compared as text). */
  url: 2048,
  scope: 200,
  scopes: 50,
  claim: 100,
  claims: 10,
  redirectPorts: 10,
} as const;

/** Loopback ports a bank may have registered redirect URIs on: none of the privileged ones. */
export const REDIRECT_PORT_MIN = 1024;
export const REDIRECT_PORT_MAX = 65535;
export const isRedirectPort = (port: number): boolean =>
  Number.isInteger(port) && port >= REDIRECT_PORT_MIN && port <= REDIRECT_PORT_MAX;

export const URL_RULE =
  'must be an https:// URL (http:// only for 127.0.0.1, localhost or [::1]), without user name, backslash, query or fragment';
// common/ compiles without DOM or Node types; both runtimes have this WHATWG URL global.
declare const URL: new (input: string) => {
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  search: string;
  hash: string;
};
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The parsed address, or undefined where the text is not one the app will send tokens to. Parsing alone is not
 * enough: `https://evil.example\.bank.is` parses to host `evil.example`, `https://bank.is@evil.example` to
 * `evil.example`. So the host the text shows must be exactly the host `URL` parsed, and anything a reader could
 * misread (userinfo, backslashes, whitespace, percent-escapes or non-ASCII in the host) is refused outright.
 */
export function parseServiceUrl(text: string): string | undefined {
  if (text.length > PROFILE_LIMITS.url) return undefined;
  if (/[\\\s@?#]/.test(text) || /[^\x21-\x7e]/.test(text)) return undefined;
  const shown = /^(https?):\/\/([^/]*)(?:\/.*)?$/i.exec(text);
  if (!shown) return undefined;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  const host = (shown[2] ?? '').toLowerCase();
  const defaultPort = url.protocol === 'https:' ? ':443' : ':80';
  if (host !== url.host && host !== `${url.host}${defaultPort}`) return undefined;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return undefined;
  return url.href.replace(/\/+$/, '');
}

/** `abcd…wxyz`: enough to tell keys apart, not enough to use one. */
export function maskSecret(value: string): string {
  if (value === '') return '';
  if (value.length <= 8) return '•'.repeat(value.length);
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}
