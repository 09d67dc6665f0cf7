import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../common/result.ts';
import { scriptedBrowser } from '../main/auth/scripted-browser.ts';
import { draftFrom } from '../support/in-process-wallet.ts';
import { rawEvents, rawRequest, type RawEventStream } from './raw-http.ts';
import { startHarness } from './server.ts';

/**
 * Issue 39, item 8: the harness leaves nothing behind, however it stops, once it has printed a receipt (which starts
 * its own Chromium) and saved a CSV. Real harness processes (test/harness/cli.ts), each with a temporary folder of its
 * own (TMPDIR), stopped with a signal as a terminal or a process manager stops them; and the in-process stop the e2e
 * fixtures use. The folder must be empty afterwards: the run's data (plaintext receipts, the CSV) and the Chromium's
 * profile alike.
 */
const repo = join(import.meta.dirname, '..', '..');
let root: string;

beforeAll(() => {
  // A project folder of its own (package.json and a stand-in built page), so this needs no build.
  root = mkdtempSync(join(tmpdir(), 'a2a-harness-exit-'));
  copyFileSync(join(repo, 'package.json'), join(root, 'package.json'));
  mkdirSync(join(root, 'out', 'renderer'), { recursive: true });
  writeFileSync(
    join(root, 'out', 'renderer', 'index.html'),
    '<!doctype html><script type="module" src="./x.js"></script>',
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The run's token, as the page's bridge carries it. */
async function tokenOf(url: string): Promise<string> {
  const bridge = await rawRequest(url, '/__harness/wallet.js', {
    headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
  });
  const token = /const token = "([^"]+)"/.exec(bridge.body)?.[1];
  if (!token) throw new Error('no token in the bridge script');
  return token;
}

/**
 * Plays the harness page over real HTTP: signs in (the scripted browser answers the bank), pays, saves the history as
 * CSV and the receipt as PDF (the page answers the print with its document). Resolves with the files the harness saved.
 */
async function payPrintAndSave(url: string): Promise<string[]> {
  const token = await tokenOf(url);
  const page: RawEventStream = await rawEvents(url, `/events?token=${encodeURIComponent(token)}&tab=one`);
  const call = async <T>(channel: string, request: unknown): Promise<T> => {
    const answer = await rawRequest(url, `/rpc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-harness-token': token, 'x-harness-tab': 'one' },
      body: JSON.stringify(request ?? null),
    });
    const result = JSON.parse(answer.body) as Result<T>;
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
    return result.value;
  };
  try {
    const browser = scriptedBrowser('anna');
    const signingIn = call('signIn', undefined);
    const { url: authorize } = (await page.next('harness:open')) as { url: string };
    await browser.openExternal(authorize);
    await signingIn;
    await browser.idle();
    await call('saveAccount', { accountNumber: '0133-26-012345', label: 'Main' });
    const { id } = await call<{ id: string }>('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    expect((await call<{ state: string }>('submitPayment', { id })).state).toBe('settled');
    const csv = await call<{ folder?: string; fileName?: string }>('exportHistory', { filter: {} });
    const saving = call<{ folder?: string; fileName?: string }>('saveReceipt', { id });
    const { nonce } = (await page.next('harness:print')) as { nonce: string };
    const printed = await rawRequest(url, '/__harness/print', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-harness-token': token },
      body: JSON.stringify({ nonce, tab: 'one', html: '<html><body>Receipt of Anna to Björn</body></html>' }),
    });
    expect(printed.status).toBe(204);
    const pdf = await saving;
    return [csv, pdf].map((file) => join(file.folder ?? '', file.fileName ?? ''));
  } finally {
    page.close();
  }
}

interface Run {
  child: ChildProcess;
  url: string;
  tmp: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
}

/** `test/harness/cli.ts` in a process of its own, whose temporary folder is a private one of this test's. */
async function startCli(): Promise<Run> {
  const tmp = mkdtempSync(join(tmpdir(), 'a2a-harness-tmp-'));
  chmodSync(tmp, 0o700);
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp };
  // None of the test runner's own loader options.
  delete env['NODE_OPTIONS'];
  const child = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      join(repo, 'test/harness/cli.ts'),
      '--root',
      root,
    ],
    { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      text += chunk.toString();
      const match = /harness listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`the harness ended (${code ?? signal}):\n${output.join('')}`)),
    );
  });
  return { child, url, tmp, exited, output };
}

describe('the browser harness leaves nothing behind', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`on ${signal}, after a receipt was printed and a CSV saved`, async () => {
      const run = await startCli();
      try {
        const saved = await payPrintAndSave(run.url);
        for (const file of saved) expect(existsSync(file), file).toBe(true);
        expect(readdirSync(run.tmp).length).toBeGreaterThan(0);
        run.child.kill(signal);
        const ended = await run.exited;
        expect(ended, run.output.join('')).toEqual({ code: 0, signal: null });
        for (const file of saved) expect(existsSync(file), file).toBe(false);
        expect(readdirSync(run.tmp), 'left in its temporary folder').toEqual([]);
      } finally {
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
        await run.exited;
        rmSync(run.tmp, { recursive: true, force: true });
      }
    }, 60_000);
  }

  it('on a normal stop, after a receipt was printed and a CSV saved', async () => {
    const harness = await startHarness({ root });
    let saved: string[] = [];
    try {
      saved = await payPrintAndSave(harness.url);
      for (const file of saved) expect(existsSync(file), file).toBe(true);
    } finally {
      await harness.stop();
    }
    expect(existsSync(harness.dataDir)).toBe(false);
    for (const file of saved) expect(existsSync(file), file).toBe(false);
  }, 60_000);
});
