/**
 * Which links the window may hand to the customer's browser. The page itself never leaves the app's own file: a
 * link to an allowed site opens in the system browser, anything else is dropped.
 */

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/** The origin of an https URL (`https://bank.is`), or undefined for anything else. */
export function httpsOrigin(raw: string): string | undefined {
  const url = parse(raw.trim());
  if (!url || url.protocol !== 'https:' || url.username || url.password) return undefined;
  return url.origin;
}

/**
 * True when the URL is https, carries no credentials, and its origin is exactly one of the allowed origins (no
 * subdomains, no other port). Entries of the list that are not https origins are ignored.
 */
export function isAllowedExternalUrl(raw: string, allowedOrigins: readonly string[]): boolean {
  const url = parse(raw);
  if (!url || url.protocol !== 'https:' || url.username || url.password) return false;
  return allowedOrigins.some((entry) => httpsOrigin(entry) === url.origin);
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

export type LinkAction = 'open-in-browser' | 'deny';

/**
 * What to do when the page tries to open a new window or navigate away: the window itself never goes anywhere,
 * an allowed link goes to the system browser, the rest is refused.
 */
export function linkAction(raw: string, allowedOrigins: readonly string[]): LinkAction {
  return isAllowedExternalUrl(raw, allowedOrigins) ? 'open-in-browser' : 'deny';
}
