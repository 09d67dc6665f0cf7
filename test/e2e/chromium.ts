import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** The flags Chromium needs on a machine whose network is closed; harmless elsewhere. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type ChromiumLookup = { found: true; path: string } | { found: false; message: string };

/** CHROMIUM_PATH, else the system's /usr/bin/chromium, else a Chromium that `npx playwright install` fetched. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): ChromiumLookup {
  const candidates = [env['CHROMIUM_PATH'], '/usr/bin/chromium', bundledChromium()].filter(
    (path): path is string => typeof path === 'string' && path !== '',
  );
  const path = candidates.find((candidate) => existsSync(candidate));
  if (path) return { found: true, path };
  return {
    found: false,
    message:
      `No Chromium found (looked at: ${candidates.join(', ') || 'nothing'}). The browser tests need one: ` +
      'install the system package (`apt-get install chromium` on Debian/Ubuntu) or run ' +
      '`npx playwright install chromium`, or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  };
}

function bundledChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}
