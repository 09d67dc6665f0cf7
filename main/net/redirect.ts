/**
 * No call to a bank follows a redirect, in any host (docs/SECURITY.md). Where a bank's API, token endpoint,
 * discovery, keys or userinfo answer with one, the call fails with this: a redirect says nothing certain about what
 * the bank did, and following it would send a bearer token, a code or a payment somewhere the profile never named.
 */
export class RedirectRefused extends Error {
  override readonly name = 'RedirectRefused';
  /** What axios keeps as the code of the error it wraps this in. */
  readonly code = 'ERR_REDIRECT_REFUSED';

  constructor() {
    super('The bank answered with a redirect, which the app does not follow');
  }
}

/** This error, or an error (axios's) that wraps it. */
export function isRedirectRefused(error: unknown): boolean {
  return (
    error instanceof RedirectRefused || (error instanceof Error && (error.cause as unknown) instanceof RedirectRefused)
  );
}

/**
 * What both stacks call a redirect: Chromium's URL loader and Node's fetch (undici) alike follow these five
 * (net/http/http_response_headers.cc IsRedirectResponseCode; undici's redirectStatusSet). 300, 304 and the rest are
 * answers in both.
 */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Electron's `net.fetch` cannot hand a redirect back as an answer: under 'manual' it rejects with "Redirect was
 * cancelled", under 'error' with "Attempted to redirect, …" (lib/browser/api/net-client-request.ts;
 * electron/electron#43715). These are those two, and nothing else.
 */
const CHROMIUM_REFUSED_REDIRECT = /^(Redirect was cancelled|Attempted to redirect, but redirect policy was 'error')$/;

/**
 * `underlying` with redirects refused the same way whatever it is: asked never to follow (`redirect: 'manual'`, set
 * here, not left to axios's defaults), and a redirect, whether Chromium rejected it or Node handed it back as a 3xx
 * (with or without a Location), fails as RedirectRefused, its body unread.
 */
export function refusingRedirects(underlying: typeof fetch): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await underlying(input, { ...init, redirect: 'manual' });
    } catch (error) {
      if (error instanceof Error && CHROMIUM_REFUSED_REDIRECT.test(error.message)) throw new RedirectRefused();
      throw error;
    }
    if (REDIRECT_STATUSES.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      throw new RedirectRefused();
    }
    return response;
  };
}
