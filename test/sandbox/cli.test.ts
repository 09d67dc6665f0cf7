import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authorizeUrl } from './oauth-dance.ts';
import { testFolder } from '../support/temp-folder.ts';

const root = join(import.meta.dirname, '..', '..');

interface Run {
  stdout: string;
  stderr: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  firstLine: Promise<string>;
  kill(signal: NodeJS.Signals): void;
}

const live = new Set<ChildProcess>();

afterEach(() => {
  // A failed assertion must not leave a sandbox running.
  for (const child of live) child.kill('SIGKILL');
  live.clear();
});

function runCli(args: string[]): Run {
  const child = spawn(process.execPath, ['--experimental-strip-types', join(root, 'sandbox', 'cli.ts'), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  const run: Run = {
    stdout: '',
    stderr: '',
    exit: new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal }))),
    firstLine: new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        run.stdout += chunk.toString();
        const newline = run.stdout.indexOf('\n');
        if (newline !== -1) resolve(run.stdout.slice(0, newline));
      });
      child.on('exit', () => reject(new Error(`exited before a line: ${run.stderr}`)));
    }),
    kill: (signal) => child.kill(signal),
  };
  // A run that is expected to fail never asks for its first line.
  run.firstLine.catch(() => undefined);
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  return run;
}

describe('npm run sandbox (sandbox/cli.ts)', () => {
  it('prints exactly one line when ready, serves, and exits cleanly on SIGTERM', async () => {
    const run = runCli(['--port', '0', '--control']);
    const line = await run.firstLine;
    expect(line).toMatch(/^sandbox listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.replace('sandbox listening on ', '');
    expect((await fetch(`${url}/.well-known/openid-configuration`)).status).toBe(200);
    expect((await fetch(`${url}/__sandbox/clock`)).status).toBe(200);
    run.kill('SIGTERM');
    expect(await run.exit).toEqual({ code: 0, signal: null });
    expect(run.stdout).toBe(`${line}\n`);
  });

  it('stops on SIGINT too, and serves no control endpoint without --control', async () => {
    const run = runCli(['--port', '0', '--mode', 'faithful', '--access-token-ttl', '60']);
    const url = (await run.firstLine).replace('sandbox listening on ', '');
    expect((await fetch(`${url}/__sandbox/clock`)).status).toBe(404);
    run.kill('SIGINT');
    expect(await run.exit).toEqual({ code: 0, signal: null });
  });

  it('registers the applications of --clients FILE', async () => {
    const file = join(testFolder('sandbox-clients'), 'clients.json');
    const registered = 'https://wallet.example/callback';
    writeFileSync(
      file,
      JSON.stringify([{ client_id: 'other', client_secret: 's', apikey: 'k', redirect_uris: [registered] }]),
    );
    const run = runCli(['--port', '0', '--clients', file]);
    const url = (await run.firstLine).replace('sandbox listening on ', '');
    expect((await fetch(authorizeUrl(url, { clientId: 'other', redirectUri: registered }))).status).toBe(200);
    expect((await fetch(authorizeUrl(url, { clientId: 'other' }))).status).toBe(400);
    expect((await fetch(authorizeUrl(url))).status).toBe(200);
    run.kill('SIGTERM');
    expect((await run.exit).code).toBe(0);
  });

  it('refuses bad flags with a message and status 2, printing nothing on stdout', async () => {
    for (const args of [
      ['--mode', 'chaotic'],
      ['--port', 'eighty'],
      ['--bogus'],
      ['--clients', '/no/such/file.json'],
    ]) {
      const run = runCli(args);
      expect((await run.exit).code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^sandbox: /);
    }
    // Four cold starts of Node one after another: slow on a loaded machine.
  }, 60_000);
});
