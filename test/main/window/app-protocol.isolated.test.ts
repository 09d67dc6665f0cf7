import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAppScheme, serveAppFiles } from '../../../main/window/app-protocol.electron.ts';
import { protocol } from '../../mocks/electron.ts';

afterEach(() => protocol.reset());

describe('the app scheme in Electron (issue 13, case 12)', () => {
  it('is registered as a standard, secure scheme with fetch, and never bypasses the CSP', () => {
    registerAppScheme();
    expect(protocol.privileged).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
    ]);
  });

  it("serves the renderer's folder, and only it", async () => {
    const root = mkdtempSync(join(tmpdir(), 'a2a-app-protocol-'));
    try {
      writeFileSync(join(root, 'index.html'), '<!doctype html>');
      serveAppFiles(root);
      const handler = protocol.handlers.get('app');
      if (!handler) throw new Error('app: is not handled');
      const page = await handler(new Request('app://wallet/index.html'));
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<!doctype html>');
      expect((await handler(new Request('app://wallet/..%2findex.html'))).status).toBe(404);
      expect((await handler(new Request('app://other/index.html'))).status).toBe(404);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
