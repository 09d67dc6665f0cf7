import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

/** scripts/check-node.cjs as an old Node would run it: with its version, its stderr and its exit. */
function runWith(version: string): { code: number | undefined; said: string } {
  const script = readFileSync(join(import.meta.dirname, '..', '..', 'scripts', 'check-node.cjs'), 'utf8');
  let said = '';
  let code: number | undefined;
  runInNewContext(script, {
    process: {
      versions: { node: version },
      stderr: { write: (text: string) => (said += text) },
      exit: (exitCode: number) => (code = exitCode),
    },
  });
  return { code, said };
}

describe('the Node version check before npm start and npm test', () => {
  it('stops an old Node with what is needed and how to get it', () => {
    const { code, said } = runWith('20.19.5');
    expect(code).toBe(1);
    expect(said).toContain('A2A Wallet needs Node 22.13 or newer; this is 20.19.5.');
    expect(said).toContain('nvm install');
    expect(runWith('22.12.0').code).toBe(1);
  });

  it('lets a new enough Node through, saying nothing', () => {
    for (const version of ['22.13.0', '22.20.1', '24.21.0', '25.0.0'])
      expect(runWith(version)).toEqual({ code: undefined, said: '' });
  });

  it('names the same version as package.json’s engines and .nvmrc', () => {
    const root = join(import.meta.dirname, '..', '..');
    const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines.node;
    expect(engines).toBe('>=22.13');
    expect(Number(readFileSync(join(root, '.nvmrc'), 'utf8').trim())).toBeGreaterThanOrEqual(22);
  });
});
