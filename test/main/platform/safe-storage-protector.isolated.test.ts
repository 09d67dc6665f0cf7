import { afterEach, describe, expect, it } from 'vitest';
import { openDataKey, openSecretBox } from '../../../main/secrets/key-protector.ts';
import { safeStorageProtector } from '../../../main/platform/safe-storage-protector.electron.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { safeStorage } from '../../mocks/electron.ts';

afterEach(() => safeStorage.reset());

describe('safeStorage key protector', () => {
  it('round-trips through safeStorage, and says when the keychain wants the text protected again', async () => {
    const protector = safeStorageProtector();
    const text = await protector.protect('key material');
    expect(text).not.toContain('key material');
    expect(await protector.unprotect(text)).toEqual({ plain: 'key material', stale: false });
    safeStorage.rotated = true;
    expect(await protector.unprotect(text)).toEqual({ plain: 'key material', stale: true });
  });

  it('protects the data key again after the keychain rotated its key, keeping the same data key', async () => {
    const store = new MemoryStore();
    const sealed = (await openSecretBox(store, safeStorageProtector(), false))?.seal('token') ?? '';
    const before = store.get('vault.dataKey');
    safeStorage.rotated = true;
    let rewrites = 0;
    const set = store.set.bind(store);
    store.set = (key, value) => {
      rewrites += 1;
      set(key, value);
    };
    expect((await openSecretBox(store, safeStorageProtector(), false))?.open(sealed)).toBe('token');
    // The key and its check (issue 39), each protected again under the rotated key; nothing else.
    expect(rewrites).toBe(2);
    expect(store.get('vault.dataKey')).toBeDefined();
    expect(before).toBeDefined();
  });

  it('reports no protection where safeStorage cannot encrypt', () => {
    safeStorage.available = false;
    expect(safeStorageProtector().status()).toEqual({ secure: false, reason: 'unavailable' });
  });

  it.runIf(process.platform === 'linux')(
    "tells Linux's basic_text backend apart, though Electron then says encryption is unavailable",
    () => {
      safeStorage.backend = 'basic_text';
      expect(safeStorage.isEncryptionAvailable()).toBe(false);
      expect(safeStorageProtector().status()).toEqual({ secure: false, reason: 'basic_text' });
      safeStorage.backend = 'gnome_libsecret';
      expect(safeStorageProtector().status()).toEqual({ secure: true });
    },
  );

  it.runIf(process.platform === 'linux')(
    'uses basic_text only once the customer accepted it, and stops when they withdraw it',
    async () => {
      safeStorage.backend = 'basic_text';
      const store = new MemoryStore();
      const protector = safeStorageProtector();
      expect(await openSecretBox(store, protector, false)).toBeUndefined();
      expect(safeStorage.plainText).toBe(false);

      const box = await openSecretBox(store, protector, true);
      expect(box).toBeDefined();
      expect(safeStorage.plainText).toBe(true);
      const sealed = box?.seal('token') ?? '';
      // The next start, still accepted: the same key opens what was sealed.
      expect((await openSecretBox(store, safeStorageProtector(), true))?.open(sealed)).toBe('token');

      expect(await openSecretBox(store, protector, false)).toBeUndefined();
      expect(safeStorage.plainText).toBe(false);
    },
  );

  it('never touches plain-text encryption where a real keychain is there', async () => {
    await openSecretBox(new MemoryStore(), safeStorageProtector(), true);
    expect(safeStorage.plainTextCalls).toEqual([]);
  });
});

describe('safeStorage while the OS key provider is not ready (issue 39)', () => {
  it('never costs the data key: the start is told, the key kept, and the next start opens it', async () => {
    const store = new MemoryStore();
    const sealed = (await openSecretBox(store, safeStorageProtector(), false))?.seal('token') ?? '';
    const before = store.get('vault.dataKey');
    safeStorage.temporarilyUnavailable = true;
    const instantly = { waitsMs: [0, 0], sleep: () => Promise.resolve() };
    await expect(openDataKey(store, safeStorageProtector(), false, undefined, instantly)).rejects.toMatchObject({
      name: 'KeychainUnavailableError',
      reason: 'temporary',
    });
    // Electron's fallback would have encrypted a new key with the fixed key; nothing was written.
    expect(store.get('vault.dataKey')).toBe(before);
    safeStorage.temporarilyUnavailable = false;
    expect((await openSecretBox(store, safeStorageProtector(), false))?.open(sealed)).toBe('token');
  });
});
