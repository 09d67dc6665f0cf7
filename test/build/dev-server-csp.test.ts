import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../electron.vite.config.ts';

/** `npm run dev` (issue 15, case 5): the dev server's page gets exactly what Vite needs, and only while serving. */
const root = join(import.meta.dirname, '..', '..');
const html = readFileSync(join(root, 'renderer', 'index.html'), 'utf8');

describe("the dev server's page policy", () => {
  const renderer = (config as { renderer?: { plugins?: unknown[] } }).renderer;
  const plugin = (renderer?.plugins ?? [])
    .flat()
    .find(
      (candidate): candidate is { name: string; apply: string; transformIndexHtml: (html: string) => string } =>
        (candidate as { name?: string } | undefined)?.name === 'a2a-dev-server-csp',
    );

  it('allows the inline preamble, the injected <style> elements and the websocket, when serving only', () => {
    expect(plugin?.apply).toBe('serve');
    const served = plugin?.transformIndexHtml(html) ?? '';
    const csp = /Content-Security-Policy"\s+content="([^"]+)"/.exec(served)?.[1] ?? '';
    expect(csp).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws://localhost:* http://localhost:*");
    // Everything else as written.
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'none'");
  });
});
