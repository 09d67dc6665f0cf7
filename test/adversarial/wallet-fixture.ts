import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvokeChannel, RequestOf, ResponseOf } from '../../common/bridge-contract.ts';
import type { Result } from '../../common/result.ts';
import { dispatch } from '../../main/dispatch.ts';
import { LOCAL_SANDBOX_APP } from '../../main/profiles/local-sandbox.ts';
import type { KeyProtector } from '../../main/secrets/key-protector.ts';
import { createWallet, type Wallet } from '../../main/wallet.ts';
import { startSandbox, type Sandbox } from '../../sandbox/index.ts';
import { createNodePlatform, type NodePlatformOptions } from '../harness/node-platform.ts';
import { memoryKeychain } from '../helpers/memory-keychain.ts';
import { scriptedBrowser, type ScriptedBrowser } from '../main/auth/scripted-browser.ts';

/**
 * The real wallet, driven through its handler table as the renderer would (every request parsed by the contract),
 * against the local sandbox over HTTP, with a data folder and a keychain that outlive a restart. Which customer
 * the browser signs in as is the test's to choose.
 */
const root = join(import.meta.dirname, '..', '..');

export const CUSTOMERS = {
  anna: { kennitala: '1203852089', account: '0133-26-012345', name: 'Anna Jónsdóttir' },
  bjorn: { kennitala: '0507922189', account: '0133-26-020001', name: 'Björn Sigurðsson' },
} as const;
export type CustomerName = keyof typeof CUSTOMERS;

export interface WalletFixture {
  sandbox: Sandbox;
  dataDir: string;
  wallet: Wallet;
  platform: ReturnType<typeof createNodePlatform>;
  /** Who the browser signs in as at the next sign-in (`firstPageOnly`: it opens the page and goes no further). */
  as(username: CustomerName, options?: { firstPageOnly?: boolean }): void;
  /** The browser the next (or current) sign-in opens. */
  browser(): ScriptedBrowser;
  call<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<Result<ResponseOf<C>>>;
  value<C extends InvokeChannel>(channel: C, ...request: RequestOf<C>[]): Promise<ResponseOf<C>>;
  /** Closes the wallet and opens it again on the same data folder and keychain. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function walletFixture(
  options: {
    keyProtector?: KeyProtector;
    sandbox?: Sandbox;
    platform?: Partial<NodePlatformOptions>;
    bankDeadlineMs?: number;
  } = {},
): Promise<WalletFixture> {
  const sandbox = options.sandbox ?? (await startSandbox({ now: '2026-11-22T12:00:00.000Z' }));
  const dataDir = mkdtempSync(join(tmpdir(), 'a2a-wallet-adversarial-'));
  const keyProtector = options.keyProtector ?? memoryKeychain();
  let browser: ScriptedBrowser = scriptedBrowser('anna');
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
      openExternal: (url) => browser.openExternal(url),
      retryDelaysMs: [],
      ...options.platform,
    });
    if (options.bankDeadlineMs) Object.assign(platform, { bankDeadlineMs: options.bankDeadlineMs });
    return { platform, wallet: await createWallet(platform) };
  };
  const fixture: WalletFixture = {
    sandbox,
    dataDir,
    ...(await openWallet()),
    as(username, browserOptions = {}) {
      browser = scriptedBrowser(username, browserOptions);
    },
    browser: () => browser,
    async call(channel, ...request) {
      return (await dispatch(fixture.wallet.handlers, channel, request[0])) as never;
    },
    async value(channel, ...request) {
      const result = await fixture.call(channel, ...request);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    async restart() {
      await fixture.wallet.close();
      Object.assign(fixture, await openWallet());
    },
    async close() {
      await fixture.wallet.close();
      if (!options.sandbox) await sandbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
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
