/**
 * Which links the window may hand to the customer's browser. The page itself never leaves the app's own page: a
 * link to an allowed site opens in the system browser, anything else is dropped.
 *
 * The browser's URL parser and the program the OS hands a link to do not always read it the same way:
 * `https://bank.is\@evil.example` is `https://bank.is/@evil.example` to the WHATWG parser but may be user info
 * `bank.is\` at host `evil.example` to another. So the raw text is held to what every parser reads alike (no
 * backslash, no whitespace or control character, nothing like user info), and only the parsed, normalized `href`
 * is ever passed on, never the raw string.
 */

// Backslashes, ASCII whitespace and control characters: the WHATWG parser silently turns `\` into `/` and drops
// tabs, newlines and leading or trailing spaces, where another parser would not.
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is being refused
const AMBIGUOUS = /[\\\u0000-\u0020\u007f]/;

/** The raw authority (between `scheme://` and the first `/`, `?` or `#`) holds an `@`: user info, even empty. */
function rawAuthorityHasAt(raw: string): boolean {
  const start = raw.indexOf('//');
  if (start < 0) return false;
  const rest = raw.slice(start + 2);
  const end = rest.search(/[/?#]/);
  return (end < 0 ? rest : rest.slice(0, end)).includes('@');
}

/** The https URL as every parser reads it alike, or undefined. */
function parseStrictHttps(raw: string): URL | undefined {
  if (AMBIGUOUS.test(raw) || rawAuthorityHasAt(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  return url;
}

/** The origin of an https URL (`https://bank.is`), or undefined for anything else. Surrounding spaces are ignored. */
export function httpsOrigin(raw: string): string | undefined {
  return parseStrictHttps(raw.trim())?.origin;
}

/**
 * The normalized `href` to hand to the system browser when the URL is https, unambiguous, without credentials, and
 * its origin exactly one of the allowed origins (no subdomains, no other port); otherwise undefined. Entries of the
 * list that are not https origins are ignored.
 */
export function allowedExternalHref(raw: string, allowedOrigins: readonly string[]): string | undefined {
  const url = parseStrictHttps(raw);
  if (!url) return undefined;
  return allowedOrigins.some((entry) => httpsOrigin(entry) === url.origin) ? url.href : undefined;
}

/** Whether `allowedExternalHref` would open the URL. */
export function isAllowedExternalUrl(raw: string, allowedOrigins: readonly string[]): boolean {
  return allowedExternalHref(raw, allowedOrigins) !== undefined;
}

/** The allow-list from service URLs (a profile's API and sign-in addresses): their https origins, once each. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const raw of urls) {
    const origin = httpsOrigin(raw);
    if (origin) origins.add(origin);
  }
  return [...origins];
}

export type LinkAction = { action: 'open-in-browser'; href: string } | { action: 'deny' };

/**
 * What to do when the page tries to open a new window or navigate away: the window itself never goes anywhere,
 * an allowed link goes to the system browser as its parsed `href`, the rest is refused.
 */
export function linkAction(raw: string, allowedOrigins: readonly string[]): LinkAction {
  const href = allowedExternalHref(raw, allowedOrigins);
  return href === undefined ? { action: 'deny' } : { action: 'open-in-browser', href };
}
