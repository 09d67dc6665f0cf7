import type { KeyProtector } from '../../main/secrets/key-protector.ts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Browser } from '@playwright/test';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { WalletError } from '../../main/ipc/dispatch.ts';
import { builtInProfiles, LOCAL_SANDBOX_ID } from '../../main/profiles/builtin-profiles.ts';
import type { Wallet } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { requestRefusal } from '../../sandbox/request-guard.ts';
import { inProcessWallet, type InProcessWallet } from '../support/in-process-wallet.ts';
import { walletApiSource } from '../support/wallet-api.ts';
import { pagePrinter } from './page-printer.ts';

/**
 * The browser harness: the same wallet core as the Electron app, in this process with Node adapters (the tests'
 * in-process wallet, test/support/in-process-wallet.ts), its handler table carried over HTTP and its events over
 * server-sent events, and the built renderer with a `window.wallet` that speaks that transport; its window is printed
 * as Electron prints it, by a Chromium of its own (page-printer.ts). A development and test tool: loopback only, the
 * Local sandbox profile only, never packaged.
 */
export interface Harness {
  url: string;
  /** The embedded sandbox bank; its clock is the app's clock too. */
  sandbox: Sandbox;
  /** The core as it is now (see `core.restart()`). */
  readonly wallet: Wallet;
  /** The in-process wallet behind the page, with its knobs: seeded records, the save dialog, restarts. */
  core: InProcessWallet;
  dataDir: string;
  /**
   * The calls the pages made to main over this bridge, in order (the last CALLS_KEPT of the run): what a spec counts
   * of a journey (test/e2e/browser/journey-calls.spec.ts). Calls a test makes on `core` itself are not here.
   */
  readonly calls: readonly HarnessCall[];
  stop(): Promise<void>;
}

/** One call of a page to main, as the harness's bridge carried it. */
export interface HarnessCall {
  /** Numbered from 1 in the order they came, over the whole run. */
  seq: number;
  channel: string;
  /** The request as the page sent it (undefined for none). */
  request: unknown;
  /** Main has answered it (with a value or a refusal). */
  answered: boolean;
}

/** How many of the pages' calls the harness keeps: a long manual run holds no more than these. */
export const CALLS_KEPT = 10_000;

export interface HarnessOptions {
  root: string;
  port?: number;
  /** The sandbox's (and so the app's) clock starts here and stands still unless moved; the real time by default. */
  now?: string;
  /** The system languages the app sees, most preferred first. */
  preferredLanguages?: readonly string[];
  /** Waits between automatic payment retries; the app's own by default. */
  retryDelaysMs?: readonly number[];
  /** "Open the system browser"; by default a new tab of the page's own browser. */
  openExternal?: (url: string) => Promise<void>;
  /** How long the page has to send its document when the app prints its window; 10 s by default. */
  printTimeoutMs?: number;
  /** Why a print failed (the app shows only that it did): the command line tells the tester. */
  onPrintFailure?: (error: Error) => void;
  /**
   * The Chromium that prints the window, owned by the caller and left running at stop: the browser e2e pass their
   * worker's, so a test that prints does not start a Chromium of its own. By default the harness starts its own.
   */
  printBrowser?: Browser;
  /** The OS keychain the core sees; a keychain of its own in memory by default (a late one: issue 39's e2e). */
  keyProtector?: KeyProtector;
}

/**
 * Where the page's document, as it was when the app printed, is served once to the harness's Chromium. One path
 * segment, so the page's relative stylesheet addresses (`./assets/…`) resolve as they do for the page itself.
 */
const PRINT_COPY_PATH = '/__harness-print-copy';

/**
 * The bridge for the page: `window.wallet` built from the contract by the same function as the tests' in-process
 * wallet (test/support/wallet-api.ts), over a transport of a POST to /rpc/<channel> with the run's token per call
 * and one EventSource for the events; "open in the system browser" opens a new tab of this browser. Each page (tab)
 * names itself on its calls and its events, so that printing "the window" prints the page that asked: asked by
 * `harness:print`, the page sends its document as it is now, without its scripts and its own CSP (which would refuse
 * the inline styles the app sets from script); the harness serves that copy with a CSP that runs no script. The
 * app's OS notifications arrive as `harness:notify` and show as a fixed box (role="status",
 * data-testid="harness-notification") outside the React root; a click closes it.
 */
function bridgeScript(token: string): string {
  return `(() => {
  const token = ${JSON.stringify(token)};
  const tab = crypto.randomUUID();
  const headers = { 'content-type': 'application/json', 'x-harness-token': token, 'x-harness-tab': tab };
  const call = async (channel, request) => {
    const response = await fetch('/rpc/' + channel, {
      method: 'POST',
      headers,
      body: JSON.stringify(request === undefined ? null : request),
    });
    return response.json();
  };
  const events = new EventSource('/events?token=' + encodeURIComponent(token) + '&tab=' + encodeURIComponent(tab));
  const subscribe = (channel, listener) => {
    const wrapped = (message) => listener(JSON.parse(message.data));
    events.addEventListener(channel, wrapped);
    return () => events.removeEventListener(channel, wrapped);
  };
  events.addEventListener('harness:open', (message) => window.open(JSON.parse(message.data).url, '_blank'));
  // The OS's notification, as the page's own: a fixed box outside the app's root, its words set as text only.
  events.addEventListener('harness:notify', (message) => {
    const notice = JSON.parse(message.data);
    let box = document.querySelector('[data-testid="harness-notification"]');
    if (!box) {
      box = document.createElement('div');
      box.setAttribute('role', 'status');
      box.setAttribute('data-testid', 'harness-notification');
      Object.assign(box.style, {
        position: 'fixed', right: '12px', bottom: '12px', zIndex: '2147483647', maxWidth: '320px',
        padding: '10px 14px', background: '#1f2933', color: '#fff', borderRadius: '8px',
        boxShadow: '0 4px 16px rgba(0, 0, 0, 0.3)', font: '14px/1.4 system-ui, sans-serif',
      });
      box.addEventListener('click', () => box.remove());
      document.body.append(box);
    }
    const title = document.createElement('strong');
    title.textContent = notice.title;
    const body = document.createElement('p');
    body.style.margin = '4px 0 0';
    body.textContent = notice.body;
    box.replaceChildren(title, body);
  });
  events.addEventListener('harness:print', (message) => {
    const copy = document.documentElement.cloneNode(true);
    const left = 'script, link[rel=modulepreload], meta[http-equiv="Content-Security-Policy" i]';
    for (const element of copy.querySelectorAll(left)) element.remove();
    const body = JSON.stringify({ nonce: JSON.parse(message.data).nonce, tab, html: copy.outerHTML });
    void fetch('/__harness/print', { method: 'POST', headers, body });
  });
  ${walletApiSource()}
})();
`;
}

/**
 * Any page the tester opens can reach this port. Every request must name the harness by its loopback address and
 * port (a rebound DNS name reaches the same socket with `Host: evil.example:PORT`) and carry no other origin.
 */
function guardHarness(server: FastifyInstance): void {
  server.addHook('onRequest', async (request, reply) => {
    const refusal = requestRefusal(
      { host: request.headers.host, origin: request.headers.origin, localPort: request.socket.localPort },
      'loopback',
    );
    if (refusal) return reply.code(403).type('text/plain; charset=utf-8').send(refusal);
    return undefined;
  });
}

/**
 * The bridge script carries the run's token, so it goes only to the harness's own page loading it as a script:
 * Chromium marks a `<script src>` of the page with `Sec-Fetch-Site: same-origin` and `Sec-Fetch-Dest: script`
 * (http://127.0.0.1 and localhost are trustworthy origins, so the headers are always sent). A cross-site page's
 * `<script src>` says `cross-site`, a navigation or fetch says another destination, and a client without the
 * headers gets nothing either.
 */
function mayLoadBridge(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'same-origin' && request.headers['sec-fetch-dest'] === 'script';
}

/** A page's answer to `harness:print`. */
const printAnswer = z.object({ nonce: z.string().max(64), tab: z.string().max(64), html: z.string() });

/** The copy printed runs nothing and reaches nothing but the harness's own files. */
const PRINT_COPY_CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "base-uri 'none'; form-action 'none'";

function sendEvent(reply: FastifyReply, channel: string, payload: unknown): void {
  reply.raw.write(`event: ${channel}\ndata: ${JSON.stringify(payload)}\n\n`);
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = join(options.root, 'out', 'renderer');
  const indexHtml = await readFile(join(rendererDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`${rendererDir} has no index.html: run \`npm run build\` first`);
  });
  const token = randomBytes(24).toString('base64url');
  // A classic script runs before the page's module scripts, so window.wallet exists when the app starts.
  const page = indexHtml.replace('<script', '<script src="/__harness/wallet.js"></script>\n    <script');

  /** Each page's event stream, with the tab it named. */
  const streams = new Map<FastifyReply, string>();
  const broadcast = (channel: string, payload: unknown) => {
    for (const stream of streams.keys()) sendEvent(stream, channel, payload);
  };
  /** The pages' calls to main (see Harness.calls), and how many came in all. */
  const calls: HarnessCall[] = [];
  let callsSeen = 0;
  /** The page (tab) whose call is being answered: the one the app's "window" is, when the core prints it. */
  const caller = new AsyncLocalStorage<string | undefined>();
  let address = '';
  const printer = pagePrinter({
    ask: (nonce, tab) => {
      let asked = 0;
      for (const [stream, streamTab] of streams) {
        if (tab !== undefined && streamTab !== tab) continue;
        sendEvent(stream, 'harness:print', { nonce });
        asked += 1;
      }
      return asked;
    },
    answerTimeoutMs: options.printTimeoutMs ?? 10_000,
    pageUrl: () => address,
    copyPath: PRINT_COPY_PATH,
    ...(options.printBrowser ? { browser: options.printBrowser } : {}),
  });

  // The sandbox's control endpoints are on: tests move its clock, add faults and revoke grants through them.
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    control: true,
    ...(options.now ? { now: options.now } : {}),
  });
  const local = builtInProfiles().filter((profile) => profile.id === LOCAL_SANDBOX_ID);
  // The run's settings, sealed tokens, journals and saved exports live in a private temporary folder (0700).
  const core = await inProcessWallet({
    sandbox,
    prefix: 'a2a-harness-',
    ...(options.keyProtector ? { keyProtector: options.keyProtector } : {}),
    platform: {
      shipped: { profiles: local, allowEdit: true },
      preferredLanguages: options.preferredLanguages ?? ['en'],
      openExternal:
        options.openExternal ??
        ((url) => {
          broadcast('harness:open', { url });
          return Promise.resolve();
        }),
      // The OS's notifications show in the page (the bridge script draws them), to every page of the run.
      notify: (notice) => broadcast('harness:notify', notice),
      // The app's own waits between automatic retries unless the caller says otherwise.
      retryDelaysMs: options.retryDelaysMs,
    },
    // Testers may add profiles, but only ones whose bank is the embedded sandbox: no real bank's tokens ever sit
    // behind this local HTTP port.
    adjust: (wallet) => {
      const saveProfile = wallet.handlers.saveProfile;
      wallet.handlers.saveProfile = (input) => {
        const local = [input.baseUrl, input.authUrl].every((url) => url.replace(/\/+$/, '') === sandbox.url);
        // The message is the address to use, which the window puts in its sentence: a tester read "its own local
        // sandbox" as the bank's sandbox, so the sentence says this is the browser harness and what to type.
        if (!local) throw new WalletError('HARNESS_SANDBOX_ONLY', sandbox.url);
        return saveProfile(input);
      };
    },
  });
  const stopEvents = core.onEvent((event) => broadcast(event.channel, event.payload));
  // The host prints its window as Electron's printToPDF does: Chromium's page.pdf of the page that asked.
  core.printPage = () =>
    printer.print(caller.getStore()).catch((error: unknown) => {
      options.onPrintFailure?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });

  // No logger: nothing of a run (tokens in headers, payments in bodies) is written anywhere but the private dataDir.
  // A request still open at stop (a page's call waiting on the core) is cut, not waited for: the harness stops now.
  const server = Fastify({ logger: false, forceCloseConnections: true });
  guardHarness(server);
  await server.register(fastifyStatic, { root: rendererDir, index: false, wildcard: true });
  server.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  server.get('/__harness/wallet.js', (request, reply) => {
    if (!mayLoadBridge(request)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('the bridge is for the harness page only');
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('cross-origin-resource-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      .send(bridgeScript(token));
  });
  server.get<{ Querystring: { token?: string; tab?: string } }>('/events', (request, reply) => {
    if (request.query.token !== token) return reply.code(403).send({ error: 'bad harness token' });
    const tab = request.query.tab ?? '';
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    reply.raw.write(': connected\n\n');
    streams.set(reply, tab);
    request.raw.on('close', () => streams.delete(reply));
    return undefined;
  });
  server.post<{ Params: { channel: string } }>('/rpc/:channel', async (request, reply) => {
    if (request.headers['x-harness-token'] !== token) return reply.code(403).send({ error: 'bad harness token' });
    // JSON has no `undefined`: a request without a payload travels as null.
    const payload = request.body === null ? undefined : request.body;
    const tab = request.headers['x-harness-tab'];
    const call: HarnessCall = { seq: ++callsSeen, channel: request.params.channel, request: payload, answered: false };
    calls.push(call);
    if (calls.length > CALLS_KEPT) calls.shift();
    try {
      return await caller.run(typeof tab === 'string' ? tab : undefined, () =>
        core.dispatch(request.params.channel, payload),
      );
    } finally {
      call.answered = true;
    }
  });
  // The page's document, as asked for by a print: only with the run's token, only for a print under way.
  server.post<{ Body: unknown }>('/__harness/print', { bodyLimit: 32 * 1024 * 1024 }, (request, reply) => {
    if (request.headers['x-harness-token'] !== token) return reply.code(403).send({ error: 'bad harness token' });
    const answer = printAnswer.safeParse(request.body);
    const taken =
      answer.success && printer.answer({ ...answer.data, host: request.headers.host ?? new URL(address).host });
    return taken ? reply.code(204).send() : reply.code(409).send({ error: 'no such print under way' });
  });
  server.get<{ Querystring: { id?: string } }>(PRINT_COPY_PATH, (request, reply) => {
    const copy = printer.takeCopy(request.query.id ?? '');
    if (copy === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('no such copy');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PRINT_COPY_CSP)
      .send(copy);
  });

  address = await server.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return {
    url: address,
    sandbox,
    get wallet() {
      return core.wallet;
    },
    core,
    dataDir: core.dataDir,
    calls,
    async stop() {
      try {
        stopEvents();
        await printer.close();
        for (const stream of streams.keys()) stream.raw.end();
        await server.close();
        await core.close();
        await sandbox.stop();
      } finally {
        // The run's data goes whatever failed above (core.close removes it only after the wallet closed cleanly).
        rmSync(core.dataDir, { recursive: true, force: true });
      }
    },
  };
}
