import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SecretBox } from '../../../main/secrets/secret-box.ts';
import { WalletSecrets, type BoxHolder } from '../../../main/secrets/wallet-secrets.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { fixedKeyProtector, memoryKeychain } from '../../helpers/memory-keychain.ts';

/**
 * The data key under the passcode's key where the keychain is only a fixed key: what survives an app that stops at
 * the wrong moment, a damaged copy, and a passcode set before the passcode protected the key.
 */
const OLD = randomBytes(32);
const NEW = randomBytes(32);
const WRAPS = 'vault.dataKey.passcode';
const MARKS = 'vault.dataKey.passcode.passphrase';

/** A holder that records the boxes it was given, whether tokens may go on disk with each, and its reads. */
function holder(): BoxHolder & { boxes: (SecretBox | undefined)[]; tokensOnDisk: boolean[]; loads: number } {
  const recorded = {
    boxes: [] as (SecretBox | undefined)[],
    tokensOnDisk: [] as boolean[],
    loads: 0,
    loadAll: () => void (recorded.loads += 1),
    useBox: (box: SecretBox | undefined, tokensOnDisk: boolean) => {
      recorded.boxes.push(box);
      recorded.tokensOnDisk.push(tokensOnDisk);
    },
  };
  return recorded;
}

const open = (store: MemoryStore, passcodeSet: boolean, allowWeak = false) =>
  WalletSecrets.open({ store, protector: fixedKeyProtector(), allowWeak: () => allowWeak, passcodeSet });

/** Opens what `sealed` holds with the secrets' box, or says it cannot. */
const reads = (secrets: WalletSecrets, sealed: string) => {
  try {
    return secrets.box()?.open(sealed);
  } catch {
    return undefined;
  }
};

/** A store with a passcode (key OLD) protecting a data key, and a secret sealed under that data key. */
async function guarded(): Promise<{ store: MemoryStore; sealed: string }> {
  const store = new MemoryStore();
  const first = await open(store, false);
  await first.passcodeKey({ kind: 'staged', key: OLD }, []);
  await first.passcodeKey({ kind: 'opened', key: OLD }, []);
  return { store, sealed: first.box()?.seal('token') ?? '' };
}

describe('the data key under the passcode', () => {
  it('waits for the passcode at start, then opens what was sealed', async () => {
    const { store, sealed } = await guarded();
    const restarted = await open(store, true);
    expect(restarted.box()).toBeUndefined();
    expect(restarted.passcodeGuards()).toBe(true);
    const holders = [holder()];
    await restarted.passcodeKey({ kind: 'opened', key: OLD }, holders);
    expect(reads(restarted, sealed)).toBe('token');
    expect(holders[0]?.boxes).toHaveLength(1);
  });

  it('a change the app stopped in the middle of: whichever passcode was stored opens the same key', async () => {
    const { store, sealed } = await guarded();
    const changing = await open(store, true);
    await changing.passcodeKey({ kind: 'opened', key: OLD }, []);
    await changing.passcodeKey({ kind: 'staged', key: NEW }, []);
    expect(store.get(WRAPS)).toHaveLength(2);
    const snapshot = structuredClone(store.data);
    // The new record never stored: the old passcode opens it, and the new one's copy goes.
    const kept = await open(store, true);
    await kept.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(reads(kept, sealed)).toBe('token');
    expect(store.get(WRAPS)).toHaveLength(1);
    // The new record stored: the new passcode opens it, and the old one's copy goes.
    const after = new MemoryStore();
    for (const [key, value] of snapshot) after.set(key, value);
    const changed = await open(after, true);
    await changed.passcodeKey({ kind: 'opened', key: NEW }, []);
    expect(reads(changed, sealed)).toBe('token');
    expect(after.get(WRAPS)).toHaveLength(1);
    const again = await open(after, true);
    await again.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(reads(again, sealed)).toBeUndefined();
  });

  it('copies of the key with no passcode stored (set, then the app stopped before the record) are dropped', async () => {
    const { store } = await guarded();
    const opened = await open(store, false);
    expect(store.get(WRAPS)).toBeUndefined();
    expect(opened.passcodeGuards()).toBe(false);
    expect(opened.box()).toBeUndefined();
  });

  it('a damaged copy opens nothing and is replaced by a new key: the app goes on, without what it sealed', async () => {
    const { store, sealed } = await guarded();
    store.set(WRAPS, ['v1:AAAA']);
    const restarted = await open(store, true);
    await restarted.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(restarted.box()).toBeDefined();
    expect(reads(restarted, sealed)).toBeUndefined();
    store.set(WRAPS, 'not a list');
    const unreadable = await open(store, true);
    await unreadable.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(unreadable.box()).toBeDefined();
    expect(store.get(WRAPS)).toHaveLength(1);
  });

  it('a passcode set while the fixed key held the data key takes the key over at the next unlock', async () => {
    const store = new MemoryStore();
    const weak = await open(store, false, true);
    const sealed = weak.box()?.seal('token') ?? '';
    expect(store.get('vault.dataKey')).toBeDefined();
    const unlocked = await open(store, true, true);
    expect(reads(unlocked, sealed)).toBe('token');
    await unlocked.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(store.get('vault.dataKey')).toBeUndefined();
    const restarted = await open(store, true, true);
    expect(restarted.box()).toBeUndefined();
    await restarted.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(reads(restarted, sealed)).toBe('token');
  });

  it('a keychain that came since (a keyring installed): the passcode hands the same data key over to it', async () => {
    const { store, sealed } = await guarded();
    const keychain = memoryKeychain();
    const opened = await WalletSecrets.open({ store, protector: keychain, allowWeak: () => false, passcodeSet: true });
    expect(opened.box()).toBeUndefined();
    await opened.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(reads(opened, sealed)).toBe('token');
    expect(store.get(WRAPS)).toBeUndefined();
    expect(store.get('vault.dataKey')).toBeDefined();
    // From now on the keychain opens it at start, with no passcode needed for the key.
    const restarted = await WalletSecrets.open({
      store,
      protector: keychain,
      allowWeak: () => false,
      passcodeSet: true,
    });
    expect(reads(restarted, sealed)).toBe('token');
  });

  it('a passcode with no passphrase mark (an earlier version’s) keeps tokens off the disk; a passphrase set then brings them back', async () => {
    const { store, sealed } = await guarded();
    // As an earlier version left it: the same copy of the data key, and no mark.
    store.delete(MARKS);
    const restarted = await open(store, true);
    const holders = [holder()];
    await restarted.passcodeKey({ kind: 'opened', key: OLD }, holders);
    expect(reads(restarted, sealed)).toBe('token');
    expect(restarted.passcodeTooWeak()).toBe(true);
    expect(holders[0]?.tokensOnDisk).toEqual([false]);
    // Read again with the new box: what only it opens is moved to memory (the vault deletes its sealed copies).
    expect(holders[0]?.loads).toBe(2);
    // Entered again: nothing changes.
    await restarted.passcodeKey({ kind: 'opened', key: OLD }, holders);
    expect(holders[0]?.tokensOnDisk).toEqual([false]);

    // A new passcode (it met the passphrase rule to get here): marked, the same data key, tokens on disk again.
    await restarted.passcodeKey({ kind: 'staged', key: NEW }, holders);
    expect(restarted.passcodeTooWeak()).toBe(true);
    expect(holders[0]?.tokensOnDisk).toEqual([false]);
    await restarted.passcodeKey({ kind: 'opened', key: NEW }, holders);
    expect(restarted.passcodeTooWeak()).toBe(false);
    expect(holders[0]?.tokensOnDisk).toEqual([false, true]);
    expect(reads(restarted, sealed)).toBe('token');
    const again = await open(store, true);
    await again.passcodeKey({ kind: 'opened', key: NEW }, []);
    expect(again.passcodeTooWeak()).toBe(false);
  });

  it('a mark speaks for its own passcode only: copied beside another passcode’s copy, it counts for nothing', async () => {
    const { store: marked } = await guarded();
    // Another folder, its passcode NEW without a mark (as an earlier version left it)...
    const other = new MemoryStore();
    const first = await open(other, false);
    await first.passcodeKey({ kind: 'staged', key: NEW }, []);
    await first.passcodeKey({ kind: 'opened', key: NEW }, []);
    other.delete(MARKS);
    // ... given OLD's mark: it opens only with OLD's key, so NEW is still too weak.
    other.set(MARKS, marked.get(MARKS));
    const restarted = await open(other, true);
    await restarted.passcodeKey({ kind: 'opened', key: NEW }, []);
    expect(restarted.passcodeTooWeak()).toBe(true);
    expect(other.get(MARKS)).toBeUndefined();
  });

  it('marks go with the passcode’s copies: a keychain that came takes over, a forgotten passcode', async () => {
    const { store } = await guarded();
    const keychain = memoryKeychain();
    const opened = await WalletSecrets.open({ store, protector: keychain, allowWeak: () => false, passcodeSet: true });
    await opened.passcodeKey({ kind: 'opened', key: OLD }, []);
    expect(store.get(MARKS)).toBeUndefined();
    const second = (await guarded()).store;
    const forgetting = await open(second, true);
    await forgetting.passcodeKey({ kind: 'forgotten' }, []);
    expect(second.get(MARKS)).toBeUndefined();
    expect(forgetting.passcodeTooWeak()).toBe(false);
  });
});
