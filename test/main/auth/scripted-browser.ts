import { postForm, readForm } from '../../sandbox/oauth-dance.ts';

/**
 * Stands in for the customer's browser: opened with the app's authorization URL, it logs in to the sandbox, answers
 * the consent page and follows the redirect to the app's loopback callback, as a person would, without waiting.
 */
export interface ScriptedBrowser {
  openExternal(url: string): Promise<void>;
  /** The pages the loopback callback answered with. */
  callbackPages: string[];
  /** The callback URLs it visited. */
  callbackUrls: string[];
  /** Settles when the last started visit is over. */
  idle(): Promise<void>;
  opened: string[];
  /** Settles once the app has opened the browser `count` times: that sign-in resolved its endpoints and listens. */
  whenOpened(count?: number): Promise<void>;
}

export function scriptedBrowser(
  username: string,
  options: {
    decision?: 'allow' | 'deny';
    tamperState?: boolean;
    /** Sets the callback's `iss` (RFC 9207), as a mixed-up or hostile server would. */
    iss?: string;
    stayIdle?: boolean;
    firstPageOnly?: boolean;
  } = {},
): ScriptedBrowser {
  let last: Promise<void> = Promise.resolve();
  const waiters: { count: number; resolve: () => void }[] = [];
  const markOpened = () => {
    for (const waiter of waiters.filter((w) => browser.opened.length >= w.count)) waiter.resolve();
  };
  const browser: ScriptedBrowser = {
    whenOpened: (count = 1) =>
      browser.opened.length >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    callbackPages: [],
    callbackUrls: [],
    opened: [],
    idle: () => last,
    openExternal(url) {
      browser.opened.push(url);
      markOpened();
      if (options.stayIdle) return Promise.resolve();
      last = (async () => {
        const loginPage = await fetch(url, { redirect: 'manual' });
        // A page that is not the bank's sign-in: the customer reads it and goes no further.
        if (options.firstPageOnly) return void (await loginPage.text());
        const login = readForm(await loginPage.text());
        const consentPage = await postForm(new URL(login.action, url).href, {
          ...login.fields,
          username,
          password: 'sandbox',
        });
        const consent = readForm(await consentPage.text());
        const redirect = await postForm(new URL(consent.action, url).href, {
          ...consent.fields,
          decision: options.decision ?? 'allow',
        });
        const location = new URL(redirect.headers.get('location') ?? '');
        if (options.tamperState) location.searchParams.set('state', 'forged');
        if (options.iss !== undefined) location.searchParams.set('iss', options.iss);
        browser.callbackUrls.push(location.href);
        const callback = await fetch(location);
        browser.callbackPages.push(await callback.text());
      })();
      return Promise.resolve();
    },
  };
  return browser;
}
