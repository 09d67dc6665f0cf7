import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_KEY,
  DATA_KEY_SET_ASIDE,
  KeychainUnavailableError,
  openDataKey,
  type KeyProtector,
} from '../../../main/secrets/key-protector.ts';
import { WalletSecrets } from '../../../main/secrets/wallet-secrets.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { lateKeychain, TEMPORARY, type KeychainMode as Mode } from '../../helpers/memory-keychain.ts';
import { draftFrom, inProcessWallet, type InProcessWallet } from '../../support/in-process-wallet.ts';

/**
 * Issue 39, item 1: a keychain that is not there at one start never costs the data key. Electron 45 rejects
 * `safeStorage.decryptStringAsync` with "…is temporarily unavailable. Please try again." while the OS key provider
 * is not ready, and on Linux the encryptor then falls back to the fixed-key provider, so writing a new key over the
 * old one succeeds. The stored key is kept; the app starts locked to its data and says so; Try again opens it.
 */
const instantly = { waitsMs: [0, 0, 0], sleep: () => Promise.resolve() };

describe('the data key when the keychain is late', () => {
  it('waits while the keychain is temporarily unavailable, then opens the same key', async () => {
    const keychain = lateKeychain();
    const store = new MemoryStore();
    const key = await openDataKey(store, keychain, false);
    const stored = store.get(DATA_KEY);
    let refusals = 2;
    const slow: KeyProtector = {
      ...keychain,
      unprotect: (text) => (refusals-- > 0 ? Promise.reject(new Error(TEMPORARY)) : keychain.unprotect(text)),
    };
    const slept: number[] = [];
    const again = await openDataKey(store, slow, false, undefined, {
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
    expect(again?.equals(key ?? Buffer.alloc(0))).toBe(true);
    expect(store.get(DATA_KEY)).toEqual(stored);
    expect(slept).toHaveLength(2);
  });

  it.each(['temporary', 'refused'] as const)(
    'a keychain that stays %s: the stored key is kept byte for byte, and the start says so',
    async (mode) => {
      const keychain = lateKeychain();
      const store = new MemoryStore();
      await openDataKey(store, keychain, false);
      const before = JSON.stringify([...store.data]);
      keychain.mode = mode;
      const failed = await openDataKey(store, keychain, false, undefined, instantly).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(KeychainUnavailableError);
      expect((failed as KeychainUnavailableError).reason).toBe(mode);
      expect(JSON.stringify([...store.data])).toBe(before);
    },
  );

  it('a damaged copy under a keychain proven right (its check opens) is set aside, never deleted', async () => {
    const keychain = lateKeychain();
    const store = new MemoryStore();
    await openDataKey(store, keychain, false);
    store.set(DATA_KEY, 'v1:damaged');
    const fresh = await openDataKey(store, keychain, false, undefined, instantly);
    expect(fresh).toHaveLength(32);
    expect(store.get(DATA_KEY_SET_ASIDE)).toEqual([expect.objectContaining({ key: 'v1:damaged' })]);
  });

  it('a copy that is not even text is damaged: set aside, and a new key made', async () => {
    const keychain = lateKeychain();
    const store = new MemoryStore();
    await openDataKey(store, keychain, false);
    store.set(DATA_KEY, { not: 'a key' });
    expect(await openDataKey(store, keychain, false, undefined, instantly)).toHaveLength(32);
    expect(store.get(DATA_KEY_SET_ASIDE)).toEqual([expect.objectContaining({ key: { not: 'a key' } })]);
  });

  it('across any sequence of starts with a late or foreign keychain, the key is the first one or none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Mode>('ready', 'temporary', 'refused'), { maxLength: 10 }),
        async (modes) => {
          const keychain = lateKeychain();
          const store = new MemoryStore();
          const first = await openDataKey(store, keychain, false);
          for (const mode of modes) {
            keychain.mode = mode;
            const key = await openDataKey(store, keychain, false, undefined, instantly).catch(() => undefined);
            if (key) expect(key.equals(first ?? Buffer.alloc(0))).toBe(true);
            else expect(mode).not.toBe('ready');
          }
          keychain.mode = 'ready';
          expect((await openDataKey(store, keychain, false))?.equals(first ?? Buffer.alloc(0))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('the app started while the keychain is late (through the core)', () => {
  let core: InProcessWallet | undefined;
  afterEach(() => core?.close());

  it('starts locked to its data, refuses everything else, and Try again brings the history back', async () => {
    const keychain = lateKeychain();
    core = await inProcessWallet({ keyProtector: keychain, platform: { sleep: () => Promise.resolve() } });
    await core.value('signIn');
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    await core.value('submitPayment', { id });

    keychain.mode = 'temporary';
    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, keychain: 'temporary' });
    for (const channel of ['historyPage', 'sessionStatus', 'listPayees'] as const) {
      expect(await core.dispatch(channel, channel === 'historyPage' ? {} : undefined)).toMatchObject({
        ok: false,
        error: { code: 'LOCKED' },
      });
    }
    // Still not ready: Try again says so, and changes nothing.
    expect(await core.value('retryKeychain')).toMatchObject({ locked: true, keychain: 'temporary' });

    keychain.mode = 'ready';
    expect(await core.value('retryKeychain')).toMatchObject({ locked: false });
    expect((await core.value('historyPage', {})).items.map((item) => item.id)).toEqual([id]);
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: true });

    // And the next start, with the keychain ready, is as ever.
    await core.restart();
    expect((await core.value('historyPage', {})).items.map((item) => item.id)).toEqual([id]);
  });

  it('Start afresh keeps the old key aside and opens the app empty', async () => {
    const keychain = lateKeychain();
    core = await inProcessWallet({ keyProtector: keychain, platform: { sleep: () => Promise.resolve() } });
    await core.value('signIn');
    await core.restart();
    keychain.mode = 'refused';
    await core.restart();
    expect(await core.value('lockStatus')).toMatchObject({ locked: true, keychain: 'refused' });
    keychain.mode = 'ready';
    expect(await core.value('startAfresh')).toMatchObject({ locked: false });
    expect(await core.value('sessionStatus')).toMatchObject({ signedIn: false });
  });
});

describe('a damaged settings file (through the core)', () => {
  let core: InProcessWallet | undefined;
  afterEach(() => core?.close());

  it('never costs the data key: after signing in again, the history is there', async () => {
    core = await inProcessWallet();
    await core.value('signIn');
    const { id } = await core.value('confirmPayment', { draft: draftFrom('anna', 'bjorn', 1500) });
    await core.value('submitPayment', { id });
    await core.wallet.close();
    const settings = join(core.dataDir, 'settings.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').slice(0, 40));
    await core.restart();
    // The sign-in was in the settings: it is asked for again. The payments are not lost.
    await core.value('signIn');
    const page = await core.value('historyPage', {});
    expect(page.items.map((item) => item.id)).toEqual([id]);
    expect(readdirSync(core.dataDir).some((name) => name.startsWith('settings.json.damaged-'))).toBe(true);
  });
});

describe('the data key moved out of the settings (issue 39)', () => {
  it('an earlier version’s key in the settings moves to the key file, and still opens what it sealed', async () => {
    const keychain = lateKeychain();
    const settings = new MemoryStore();
    const first = await WalletSecrets.open({
      store: settings,
      protector: keychain,
      allowWeak: () => false,
      passcodeSet: false,
    });
    const sealed = first.box()?.seal('token') ?? '';
    expect(settings.get(DATA_KEY)).toBeDefined();
    const keys = new MemoryStore();
    const moved = await WalletSecrets.open({
      keys,
      store: settings,
      protector: keychain,
      allowWeak: () => false,
      passcodeSet: false,
    });
    expect(moved.box()?.open(sealed)).toBe('token');
    expect(settings.get(DATA_KEY)).toBeUndefined();
    expect(keys.get(DATA_KEY)).toBeDefined();
  });
});
