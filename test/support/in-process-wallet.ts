import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvokeChannel, RequestOf, ResponseOf, WalletApi } from '../../common/bridge-contract.ts';
import type { ProfileInput } from '../../common/profile.ts';
import type { Result } from '../../common/result.ts';
import { dispatch } from '../../main/ipc/dispatch.ts';
import { LOCAL_SANDBOX_APP } from '../../main/profiles/local-sandbox.ts';
import type { KeyProtector } from '../../main/secrets/key-protector.ts';
import { createWallet, type Wallet, type WalletEvent } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { createNodePlatform, type NodePlatform, type NodePlatformOptions } from '../harness/node-platform.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { scriptedBrowser, type ScriptedBrowser } from '../main/auth/scripted-browser.ts';
import { bridgeNames, buildWalletApi } from './wallet-api.ts';

/**
 * The real wallet core (main/wallet.ts) in this process, for every test that needs "what main does": the renderer's
 * component tests get its `window.wallet`, the adversarial tests drive its handler table, and the browser harness
 * and the UI benchmark carry it over HTTP. Nothing of main's behaviour is written here; what a test may turn are
 * the knobs around the core: the local sandbox bank (its faults, clock, users and grants), who signs in at the bank
 * and how the browser behaves, payment records on disk (see seed-payments.ts), the keychain, the save dialog, a
 * settings store that refuses writes, and answers held back on their way, as a slow process would.
 */
const root = join(import.meta.dirname, '..', '..');

/** Noon GMT on a fixed day: where a sandbox started here puts its clock, which is the app's clock too. */
export const NOON = '2026-11-22T12:00:00.000Z';

export const CUSTOMERS = {
  anna: { kennitala: '1203852089', account: '0133-26-012345', name: 'Anna Jónsdóttir' },
  bjorn: { kennitala: '0507922189', account: '0133-26-020001', name: 'Björn Sigurðsson' },
} as const;
export type CustomerName = keyof typeof CUSTOMERS;

export type BrowserOptions = Parameters<typeof scriptedBrowser>[1] & {
  /** The browser opens the bank's page and waits there until `finishSignIn()`, as a person taking their time. */
  held?: boolean;
  /** The browser only follows where the bank's first answer leads (a bank that sends it straight back). */
  follow?: boolean;
};

export interface InProcessWalletOptions {
  /** A sandbox shared by a file's tests; without one, a sandbox is started (clock at NOON) and stopped on close. */
  sandbox?: Sandbox;
  keyProtector?: KeyProtector;
  /** Host adapters and shipped profiles; by default the Local sandbox profile only, and no automatic retries. */
  platform?: Partial<NodePlatformOptions>;
  bankDeadlineMs?: number;
  /** Run on the core each time it is opened (the harness's guard on saveProfile). */
  adjust?: (wallet: Wallet) => void;
  /** The data folder's name starts with this. */
  prefix?: string;
}

export interface InProcessWallet {
  sandbox: Sandbox;
  dataDir: string;
  /** The core as it is now: `restart()` opens a new one on the same data folder and keychain. */
  wallet: Wallet;
  /** The host the core runs on, and the CoreTuning it was built with (see NodePlatform). */
  platform: NodePlatform;
  /** `window.wallet` for the renderer: every call goes through main's dispatch, as over IPC. */
  api: WalletApi;
  /** Every call that came through `api`, in order, with the request as sent and, once it came, main's answer. */
  calls: { channel: InvokeChannel; request: unknown; answer?: Result<unknown> }[];
  /** The requests of one channel, in order. */
  requests<C extends InvokeChannel>(channel: C): RequestOf<C>[];
  /** Calls of `channel` through `api` wait for the returned release before main sees them (in order). */
  hold(channel: InvokeChannel): () => void;
  /** Who the browser signs in as at the next sign-in, and how it behaves. */
  as(username: string, options?: BrowserOptions): void;
  /** The browser of the next (or current) sign-in. */
  browser(): ScriptedBrowser;
  /** Resolves once a held browser shows the bank's page: the sign-in is listening for the customer's return. */
  waitingInBrowser(): Promise<void>;
  /** A held browser goes on: logs in, consents and comes back to the app; resolves when its visit is over. */
  finishSignIn(): Promise<void>;
  /** What the save dialog does: save into `<dataDir>/saved`, be cancelled, or fail. */
  saveDialog: 'save' | 'cancel' | 'fail';
  /** The settings store refuses every write (a full or read-only disk) while this is true. */
  refuseWrites: boolean;
  /**
   * How the host prints its window as a PDF; none by default (a print fails, as a host's may). The browser harness
   * sets its own: Chromium's `page.pdf` of the page that asked (test/harness/page-printer.ts).
   */
  printPage: (() => Promise<Uint8Array>) | undefined;
  /** Events from the core, surviving restarts (what the harness forwards). */
  onEvent(listener: (event: WalletEvent) => void): () => void;
  /** One call of main's dispatch on the current core, untyped as it arrives from a transport. */
  dispatch(channel: string, payload: unknown): Promise<Result<unknown>>;
  call<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<Result<ResponseOf<C>>>;
  value<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<ResponseOf<C>>;
  /** Closes the core and opens it again on the same data folder and keychain (records are read afresh). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function inProcessWallet(options: InProcessWalletOptions = {}): Promise<InProcessWallet> {
  const sandbox = options.sandbox ?? (await startSandbox({ now: NOON }));
  // Settings, sealed tokens, journals and saved files: private to this user (mkdtemp makes it 0700; the chmod says
  // so where a platform's mkdtemp might not).
  const dataDir = mkdtempSync(join(tmpdir(), options.prefix ?? 'a2a-wallet-test-'));
  chmodSync(dataDir, 0o700);
  const keyProtector = options.keyProtector ?? memoryKeychain();
  let username = 'anna';
  let browserOptions: BrowserOptions = {};
  let browser: ScriptedBrowser = scriptedBrowser(username);
  /** The page a held browser shows, and who waits for it to open. */
  let heldUrl: string | undefined;
  const heldWaiters: ((url: string) => void)[] = [];
  const listeners = new Set<(event: WalletEvent) => void>();
  const gates = new Map<InvokeChannel, { promise: Promise<void>; release: () => void }>();
  let stopEvents = () => {};
  /** What the host does, as the test sets it (see `saveDialog` and `refuseWrites`). */
  const host: Pick<InProcessWallet, 'saveDialog' | 'refuseWrites' | 'printPage'> = {
    saveDialog: 'save',
    refuseWrites: false,
    printPage: undefined,
  };
  let closed = false;

  const openWallet = async () => {
    const platform = createNodePlatform({
      root,
      dataDir,
      clock: sandbox.clock,
      keyProtector,
      localSandbox: {
        app: LOCAL_SANDBOX_APP,
        ensureStarted: () => Promise.resolve(sandbox),
        stop: () => Promise.resolve(),
      },
      openExternal: (url) => openBrowser(url),
      retryDelaysMs: [],
      ...options.platform,
    });
    if (options.bankDeadlineMs) platform.bankDeadlineMs = options.bankDeadlineMs;
    // The host's save dialog, as the customer answers it.
    const save = platform.saveFile;
    platform.saveFile = (file) =>
      host.saveDialog === 'save'
        ? save(file)
        : host.saveDialog === 'cancel'
          ? Promise.resolve(undefined)
          : Promise.reject(new Error('The disk is full'));
    // The host's window, printed as the test's page prints.
    platform.printToPdf = () => host.printPage?.() ?? Promise.reject(new Error('This host has no page to print'));
    // The host's settings store, on a disk that may refuse writes.
    const store = platform.store;
    const refuse = () => {
      if (host.refuseWrites) throw new Error('The settings file could not be written');
    };
    platform.store = {
      setAside: store.setAside,
      get: (key) => store.get(key),
      set: (key, value) => (refuse(), store.set(key, value)),
      delete: (key) => (refuse(), store.delete(key)),
    };
    const wallet = await createWallet(platform, platform);
    options.adjust?.(wallet);
    stopEvents = wallet.onEvent((event) => {
      for (const listener of listeners) listener(event);
    });
    return { platform, wallet };
  };

  const openBrowser = (url: string): Promise<void> => {
    if (browserOptions.follow) {
      browser.opened.push(url);
      void fetch(url).then(
        (page) => page.text(),
        () => undefined,
      );
      return Promise.resolve();
    }
    if (!browserOptions.held) return browser.openExternal(url);
    heldUrl = url;
    browser.opened.push(url);
    for (const waiter of heldWaiters.splice(0)) waiter(url);
    return Promise.resolve();
  };

  const subscribe = (channel: string, listener: (payload: unknown) => void) => {
    // Like IPC: the renderer gets its own copy, after main has moved on.
    const forward = (event: WalletEvent) => {
      if (event.channel === channel) queueMicrotask(() => listener(structuredClone(event.payload)));
    };
    listeners.add(forward);
    return () => void listeners.delete(forward);
  };

  const callThroughBridge = async (channel: string, request: unknown): Promise<unknown> => {
    const sent = structuredClone(request);
    const call: InProcessWallet['calls'][number] = {
      channel: channel as InvokeChannel,
      request: structuredClone(sent),
    };
    fixture.calls.push(call);
    await gates.get(channel as InvokeChannel)?.promise;
    if (closed) throw new Error('The main process has quit');
    call.answer = await fixture.dispatch(channel, sent);
    return structuredClone(call.answer);
  };

  const fixture: InProcessWallet = {
    sandbox,
    dataDir,
    ...(await openWallet()),
    api: buildWalletApi(bridgeNames, callThroughBridge, subscribe),
    calls: [],
    requests: (channel) =>
      fixture.calls.filter((call) => call.channel === channel).map((call) => call.request as RequestOf<typeof channel>),
    hold(channel) {
      let release!: () => void;
      const gate = { promise: new Promise<void>((resolve) => (release = resolve)), release };
      gates.set(channel, gate);
      return () => {
        if (gates.get(channel) === gate) gates.delete(channel);
        gate.release();
      };
    },
    as(name, next = {}) {
      username = name;
      browserOptions = next;
      const { held: _held, follow: _follow, ...scripted } = next;
      browser = scriptedBrowser(name, scripted);
    },
    browser: () => browser,
    async waitingInBrowser() {
      if (heldUrl === undefined) await new Promise<string>((resolve) => heldWaiters.push(resolve));
    },
    async finishSignIn() {
      const url = heldUrl ?? (await new Promise<string>((resolve) => heldWaiters.push(resolve)));
      heldUrl = undefined;
      const { held: _held, follow: _follow, ...scripted } = browserOptions;
      const visit = scriptedBrowser(username, scripted);
      await visit.openExternal(url);
      await visit.idle();
    },
    get saveDialog() {
      return host.saveDialog;
    },
    set saveDialog(answer) {
      host.saveDialog = answer;
    },
    get printPage() {
      return host.printPage;
    },
    set printPage(print) {
      host.printPage = print;
    },
    get refuseWrites() {
      return host.refuseWrites;
    },
    set refuseWrites(refuse) {
      host.refuseWrites = refuse;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispatch: (channel, payload) => dispatch(fixture.wallet.handlers, channel, payload),
    async call(channel, ...request) {
      return (await fixture.dispatch(channel, request[0])) as Result<ResponseOf<typeof channel>>;
    },
    async value(channel, ...request) {
      const result = await fixture.call(channel, ...request);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    async restart() {
      stopEvents();
      await fixture.wallet.close();
      Object.assign(fixture, await openWallet());
    },
    async close() {
      if (closed) return;
      closed = true;
      // Calls still held are let go, to find the process gone.
      for (const gate of gates.values()) gate.release();
      gates.clear();
      stopEvents();
      listeners.clear();
      await fixture.wallet.close();
      if (!options.sandbox) await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}

/**
 * A profile of the tester's own whose bank is this sandbox, signing in with the registration the sandbox knows: the
 * way to reach what a bank's settings do (a scope it refuses, an issuer that does not match, a changed address).
 */
export function sandboxProfile(sandbox: Sandbox, overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    id: 'my-sandbox',
    name: 'My sandbox',
    environment: 'bank-sandbox',
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    ...LOCAL_SANDBOX_APP,
    ...overrides,
  };
}

/** A draft from a customer's first account to another's, as the pay form sends it. */
export function draftFrom(
  payer: CustomerName,
  payee: CustomerName,
  amount: number,
  extra: Record<string, string> = {},
) {
  return {
    debtorAccount: CUSTOMERS[payer].account,
    depositKennitala: CUSTOMERS[payee].kennitala,
    depositAccount: CUSTOMERS[payee].account,
    amount: String(amount),
    endToEndId: 'Rent',
    payeeName: CUSTOMERS[payee].name,
    ...extra,
  };
}
