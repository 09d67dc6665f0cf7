import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ipcChannel } from '../../../common/ipc-channel.ts';
import { builtApp, EdgeApp } from './edge-app.ts';
import { expect, test } from './fixtures.ts';

/**
 * Issue 15's conditions for the built app: installed in a folder whose path has the characters a file:// URL and a
 * path disagree on, and started with a settings file it cannot read.
 */
test('works when installed in a folder named with [ ] ~ % and a space', async () => {
  const place = mkdtempSync(join(tmpdir(), 'a2a-edge-path-'));
  const out = join(place, 'Wallet [test] ~x%20y', 'out');
  mkdirSync(out, { recursive: true });
  cpSync(builtApp(), out, { recursive: true });
  // Nothing else comes along: the build carries its packages (no node_modules here or above).
  const edge = await EdgeApp.start(out);
  try {
    const [window] = edge.report.windows;
    const page = window?.loads[0] ?? '';
    expect(page).toMatch(/^app:\/\/wallet\//);
    // The page and its assets come from that folder, and a call from the page is the app's own.
    const { page: served, html, assets } = await edge.pageAndAssets(page);
    expect(served.status).toBe(200);
    expect(html).toContain('<div id="root">');
    expect(assets.size).toBeGreaterThan(0);
    for (const [asset, status] of assets) {
      expect(decodeURI(new URL(asset).pathname)).not.toContain('Wallet [test]');
      expect(status, asset).toBe(200);
    }
    const answer = await edge.call('invoke', {
      channel: ipcChannel('appInfo'),
      args: [undefined],
      frameUrl: page,
      isMainFrame: true,
      mainFrameUrl: page,
    });
    expect(answer).toMatchObject({ ok: true });
    expect(edge.errors).toEqual([]);
  } finally {
    await edge.dispose();
    rmSync(place, { recursive: true, force: true });
  }
});

test('says why it cannot start, and exits, when its settings file cannot be read', async () => {
  // A folder where the settings file should be: unreadable for any user, root included (chmod is not, for root).
  const start = EdgeApp.start(builtApp(), (dataDir) => mkdirSync(join(dataDir, 'settings.json')));
  const failure = (await start.then(
    () => undefined,
    (error: unknown) => error,
  )) as (Error & { exitCode?: number | null; output?: string }) | undefined;
  expect(failure, 'the app started though its settings cannot be read').toBeDefined();
  expect(failure?.exitCode).toBe(1);
  expect(failure?.output).toContain('error dialog: A2A Wallet could not start');
  expect(failure?.output).toMatch(/EISDIR/);
  expect(failure?.output).toMatch(/What to do: start the app again/);
});
