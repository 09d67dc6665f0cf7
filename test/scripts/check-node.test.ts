import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { testFolder } from '../support/temp-folder.ts';

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
    // One line, as npm install's preinstall and npm start's prestart print it.
    expect(said.trimEnd().split('\n')).toHaveLength(1);
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

const root = join(import.meta.dirname, '..', '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devEngines?: { runtime?: { name: string; version: string; onFail?: string } };
  scripts: Record<string, string>;
};

describe('npm install on an older Node (issue 42)', () => {
  it('is stopped before anything is fetched: devEngines, with the same version as engines', () => {
    expect(packageJson.devEngines?.runtime).toEqual({
      name: 'node',
      version: packageJson.engines.node,
      onFail: 'error',
    });
    // npm before 10.9 does not read devEngines: the preinstall says it in the check's own line.
    expect(packageJson.scripts['preinstall']).toBe('node scripts/check-node.cjs');
  });

  it('the docs name one Node version, the one package.json needs', () => {
    const docs = [
      'README.md',
      ...readdirSync(join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const named = docs.flatMap((path) =>
      [...readFileSync(join(root, path), 'utf8').matchAll(/Node(?:\.js)? (\d+\.\d+) or newer/g)].map(
        (match) => `${path}: ${match[1]!}`,
      ),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((found) => !found.endsWith(`: ${packageJson.engines.node.replace('>=', '')}`))).toEqual([]);
  });

  /** A Node older than the one needed, with its npm, on this machine (the system's, beside the one the tests run on). */
  const oldNode = (() => {
    const found = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    for (const node of found) {
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
      const [major = 0, minor = 0] = version.split('.').map(Number);
      const npm = join(dirname(node), 'npm');
      if ((major < 22 || (major === 22 && minor < 13)) && existsSync(npm)) return { node, npm, version };
    }
    return undefined;
  })();
  const npmVersion = oldNode
    ? execFileSync(oldNode.npm, ['--version'], {
        encoding: 'utf8',
        env: { ...process.env, PATH: dirname(oldNode.node) },
      }).trim()
    : '';
  const [npmMajor = 0, npmMinor = 0] = npmVersion.split('.').map(Number);
  const readsDevEngines = npmMajor > 10 || (npmMajor === 10 && npmMinor >= 9);

  it.skipIf(!oldNode || !readsDevEngines)(
    'stops at once, in a few lines that name both versions, instead of a warning per package',
    () => {
      const folder = testFolder('a2a-old-node');
      mkdirSync(join(folder, 'scripts'));
      for (const file of ['package.json', 'package-lock.json', 'scripts/check-node.cjs'])
        copyFileSync(join(root, file), join(folder, file));
      const run = spawnSync(oldNode!.npm, ['install', '--offline', '--no-audit', '--no-fund'], {
        cwd: folder,
        encoding: 'utf8',
        env: {
          ...process.env,
          PATH: `${dirname(oldNode!.node)}:/usr/bin:/bin`,
          npm_config_cache: join(folder, '.npm'),
        },
      });
      const said = run.stdout + run.stderr;
      expect(run.status).not.toBe(0);
      expect(said).toContain('>=22.13');
      expect(said).toContain(oldNode!.version);
      expect(said).not.toContain('EBADENGINE');
      expect(said.trim().split('\n').length).toBeLessThanOrEqual(10);
      expect(existsSync(join(folder, 'node_modules'))).toBe(false);
    },
  );
});
