import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appUrlMatcher, isTrustedSender } from '../../main/ipc/trusted-sender.ts';

const appFile = pathToFileURL('/opt/a2a/resources/app.asar/out/renderer/index.html').href;
const isAppUrl = appUrlMatcher(appFile);

function event(frameUrl: string | null, main = true) {
  const mainFrame = { url: frameUrl ?? '' };
  const senderFrame = frameUrl === null ? null : main ? mainFrame : { url: frameUrl };
  return { sender: { mainFrame }, senderFrame };
}

describe('trusted sender', () => {
  it("accepts the app's own page in the main frame, with or without a hash", () => {
    expect(isTrustedSender(event(appFile), isAppUrl)).toBe(true);
    expect(isTrustedSender(event(`${appFile}#/history`), isAppUrl)).toBe(true);
  });

  it('refuses a subframe, even one showing the app page', () => {
    expect(isTrustedSender(event(appFile, false), isAppUrl)).toBe(false);
  });

  it('refuses a missing frame (destroyed or navigated away)', () => {
    expect(isTrustedSender(event(null), isAppUrl)).toBe(false);
  });

  it('refuses another page: remote, another local file, garbage', () => {
    expect(isTrustedSender(event('https://evil.example/'), isAppUrl)).toBe(false);
    expect(isTrustedSender(event(pathToFileURL('/tmp/evil.html').href), isAppUrl)).toBe(false);
    expect(isTrustedSender(event('not a url'), isAppUrl)).toBe(false);
  });

  it('accepts the dev server origin only when one is configured', () => {
    const dev = appUrlMatcher(appFile, 'http://localhost:5173/');
    expect(isTrustedSender(event('http://localhost:5173/index.html'), dev)).toBe(true);
    expect(isTrustedSender(event('http://localhost:5174/'), dev)).toBe(false);
    expect(isTrustedSender(event('http://localhost:5173/'), isAppUrl)).toBe(false);
  });
});
