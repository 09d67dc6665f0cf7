import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appUrlMatcher, isTrustedSender } from '../../../main/ipc/trusted-sender.ts';
import { APP_ENTRY_URL } from '../../../main/window/app-files.ts';

const appPage = APP_ENTRY_URL;
const isAppUrl = appUrlMatcher(appPage);

function event(frameUrl: string | null, main = true) {
  const mainFrame = { url: frameUrl ?? '' };
  const senderFrame = frameUrl === null ? null : main ? mainFrame : { url: frameUrl };
  return { sender: { mainFrame }, senderFrame };
}

describe('trusted sender', () => {
  it("accepts the app's own page in the main frame, with or without a hash or query", () => {
    expect(appPage).toBe('app://wallet/index.html');
    expect(isTrustedSender(event(appPage), isAppUrl)).toBe(true);
    expect(isTrustedSender(event(`${appPage}#/history`), isAppUrl)).toBe(true);
    expect(isTrustedSender(event(`${appPage}?lang=is`), isAppUrl)).toBe(true);
  });

  it('refuses a subframe, even one showing the app page', () => {
    expect(isTrustedSender(event(appPage, false), isAppUrl)).toBe(false);
  });

  it('refuses a missing frame (destroyed or navigated away)', () => {
    expect(isTrustedSender(event(null), isAppUrl)).toBe(false);
  });

  it('refuses another page: remote, any local file (the old file:// page too), garbage', () => {
    expect(isTrustedSender(event('https://evil.example/'), isAppUrl)).toBe(false);
    expect(isTrustedSender(event(pathToFileURL('/tmp/evil.html').href), isAppUrl)).toBe(false);
    expect(
      isTrustedSender(event(pathToFileURL('/opt/a2a/resources/app.asar/out/renderer/index.html').href), isAppUrl),
    ).toBe(false);
    expect(isTrustedSender(event('not a url'), isAppUrl)).toBe(false);
  });

  it("refuses another file or host of the app's scheme", () => {
    for (const url of [
      'app://wallet/assets/logo.svg',
      'app://wallet/',
      'app://evil/index.html',
      'app://wallet.evil/index.html',
      'app://user@wallet/index.html',
      'app://wallet:8080/index.html',
      'http://wallet/index.html',
    ]) {
      expect(isTrustedSender(event(url), isAppUrl), url).toBe(false);
    }
  });

  it('accepts the dev server origin only when one is configured', () => {
    const dev = appUrlMatcher(appPage, 'http://localhost:5173/');
    expect(isTrustedSender(event('http://localhost:5173/index.html'), dev)).toBe(true);
    expect(isTrustedSender(event('http://localhost:5174/'), dev)).toBe(false);
    expect(isTrustedSender(event('http://localhost:5173/'), isAppUrl)).toBe(false);
  });
});
