import { fork, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ipcChannel } from '../../../common/ipc-channel.ts';
import type { HostCall, HostCalls, HostMessage, HostRequest, StartReport } from './host-protocol.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** The build under test: `out/`, or a copy of it named by A2A_EDGE_OUT (to show a check fails on a broken build). */
export function builtApp(): string {
  const out = resolve(process.env['A2A_EDGE_OUT'] || join(root, 'out'));
  for (const file of ['main/index.js', 'main/local-sandbox.js', 'preload/index.cjs', 'renderer/index.html']) {
    if (!existsSync(join(out, file))) throw new Error(`${out} has no ${file}: run \`npm run build\` first`);
  }
  return out;
}

/**
 * The built app's main process, running in its own Node process (electron-host.ts) with the recording Electron mock,
 * in a private data folder (mode 0700) that `dispose` removes.
 */
export class EdgeApp {
  readonly out: string;
  readonly dataDir: string;
  readonly report: StartReport;
  /** What the process printed, for the failure messages. */
  readonly output: string[];
  /** What main let slip after the start (the process ends on the first). */
  readonly errors: string[] = [];
  readonly #child: ChildProcess;
  /** The folder is this run's own (removed at dispose), not one the test gave. */
  readonly #ownsData: boolean;
  readonly #exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #external: ((url: string) => void)[] = [];
  readonly #sent: ((channel: string, args: unknown[]) => void)[] = [];
  #nextId = 1;

  private constructor(
    fields: {
      out: string;
      dataDir: string;
      ownsData: boolean;
      report: StartReport;
      output: string[];
      child: ChildProcess;
    },
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  ) {
    this.out = fields.out;
    this.dataDir = fields.dataDir;
    this.#ownsData = fields.ownsData;
    this.report = fields.report;
    this.output = fields.output;
    this.#child = fields.child;
    this.#exited = exited;
    this.#child.on('message', (message: HostMessage) => this.#receive(message));
    void exited.then(({ code, signal }) => {
      for (const { reject } of this.#pending.values()) reject(this.#failure(`the app ended (${code ?? signal})`));
      this.#pending.clear();
    });
  }

  /**
   * Starts `<out>/main/index.js` and resolves once its window exists, with what it did on the way. `dataDir` starts
   * it on a data folder the test owns (an earlier run's: the next start of the same app), which `dispose` leaves.
   */
  static async start(
    out = builtApp(),
    prepare?: (dataDir: string) => void,
    options: { dataDir?: string } = {},
  ): Promise<EdgeApp> {
    const ownsData = options.dataDir === undefined;
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'a2a-edge-'));
    chmodSync(dataDir, 0o700);
    prepare?.(dataDir);
    // The dev switch for the data folder (main/platform/dev-switches.ts); no dev server, and none of the test
    // runner's own loader options.
    const env: NodeJS.ProcessEnv = { ...process.env, A2A_WALLET_USER_DATA: dataDir };
    delete env['ELECTRON_RENDERER_URL'];
    delete env['NODE_OPTIONS'];
    const output: string[] = [];
    const child = fork(join(import.meta.dirname, 'electron-host.ts'), [out], {
      cwd: root,
      env,
      execArgv: ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.once('exit', (code, signal) => done({ code, signal })),
    );
    try {
      const report = await new Promise<StartReport>((started, failed) => {
        child.on('message', (message: HostMessage) => {
          if (message.kind === 'started') started(message.report);
          if (message.kind === 'fatal') failed(new Error(`the app failed to start:\n${message.error}`));
        });
        void exited.then(({ code, signal }) =>
          failed(new Error(`the app ended (${code ?? signal}) before its window was created:\n${output.join('')}`)),
        );
      });
      return new EdgeApp({ out, dataDir, ownsData, report, output, child }, exited);
    } catch (error) {
      child.kill('SIGKILL');
      const { code } = await exited;
      if (ownsData) rmSync(dataDir, { recursive: true, force: true });
      throw Object.assign(error as Error, { exitCode: code, output: output.join('') });
    }
  }

  call<K extends HostCall>(call: K, request: HostCalls[K]['request']): Promise<HostCalls[K]['reply']> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#child.send({ kind: 'request', id, call, request } as HostRequest);
    });
  }

  /**
   * Asks main's scheme handler for the page at `entry` and for every asset the page names: what each answered, for
   * a spec to check that the page and all it loads come from the built app.
   */
  async pageAndAssets(
    entry: string,
  ): Promise<{ page: HostCalls['appRequest']['reply']; html: string; assets: Map<string, number> }> {
    const page = await this.call('appRequest', { url: entry, method: 'GET' });
    const html = new TextDecoder().decode(page.body);
    const assets = new Map<string, number>();
    for (const match of html.matchAll(/(?:src|href)="(\.?\/?assets\/[^"]+)"/g)) {
      const url = new URL(match[1] ?? '', entry).href;
      assets.set(url, (await this.call('appRequest', { url, method: 'GET' })).status);
    }
    return { page, html, assets };
  }

  /** Main asked for the customer's browser (`shell.openExternal`). */
  onExternal(listener: (url: string) => void): void {
    this.#external.push(listener);
  }

  /** Main sent the page an event (`webContents.send`). */
  onSent(listener: (channel: string, args: unknown[]) => void): void {
    this.#sent.push(listener);
  }

  /**
   * Closes the window as the customer does; resolves with how often that asked the app to quit and, when it did,
   * how the process ended (it must end by itself).
   */
  async closeWindow(): Promise<{ quitCalls: number; code: number | null; signal: NodeJS.Signals | null }> {
    const { quitCalls } = await this.call('closeWindow', null);
    if (quitCalls === 0) return { quitCalls, code: null, signal: null };
    return { quitCalls, ...(await this.#exited) };
  }

  /** Ends the process if it still runs (a failed test) and removes the data folder, when it is this run's own. */
  async dispose(): Promise<void> {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL');
    await this.#exited;
    if (this.#ownsData) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /**
   * Calls main's handler of `channel` as the app's own page does (its main frame, through the preload's invoke):
   * the value, or an error with the code main answered.
   */
  async invoke<T>(channel: string, request?: unknown): Promise<T> {
    const page = this.report.windows[0]?.loads[0] ?? '';
    const answer = (await this.call('invoke', {
      channel: ipcChannel(channel),
      args: [request],
      frameUrl: page,
      isMainFrame: true,
      mainFrameUrl: page,
    })) as { ok: true; value: T } | { ok: false; error: { code: string; message?: string } };
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message ?? ''}`);
    return answer.value;
  }

  #receive(message: HostMessage): void {
    if (message.kind === 'reply') {
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new Error(message.error));
    } else if (message.kind === 'external') {
      for (const listener of this.#external) listener(message.url);
    } else if (message.kind === 'sent') {
      for (const listener of this.#sent) listener(message.channel, message.args);
    } else if (message.kind === 'fatal') {
      this.errors.push(message.error);
      for (const { reject } of this.#pending.values()) reject(this.#failure(message.error));
      this.#pending.clear();
    }
  }

  #failure(reason: string): Error {
    return new Error(`${reason}\n${this.output.join('')}`);
  }
}
