import { afterEach, describe, expect, it } from 'vitest';
import { openSecretBox } from '../../../main/secrets/key-protector.ts';
import { safeStorageProtector } from '../../../main/secrets/safe-storage-protector.electron.ts';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import { safeStorage } from '../../mocks/electron.ts';

afterEach(() => safeStorage.reset());

describe('safeStorage key protector', () => {
  it('round-trips through safeStorage', () => {
    const protector = safeStorageProtector();
    expect(protector.unprotect(protector.protect('key material'))).toBe('key material');
    expect(protector.protect('key material')).not.toContain('key material');
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
    () => {
      safeStorage.backend = 'basic_text';
      const store = new MemoryStore();
      const protector = safeStorageProtector();
      expect(openSecretBox(store, protector, false)).toBeUndefined();
      expect(safeStorage.plainText).toBe(false);

      const box = openSecretBox(store, protector, true);
      expect(box).toBeDefined();
      expect(safeStorage.plainText).toBe(true);
      const sealed = box?.seal('token') ?? '';
      // The next start, still accepted: the same key opens what was sealed.
      expect(openSecretBox(store, safeStorageProtector(), true)?.open(sealed)).toBe('token');

      expect(openSecretBox(store, protector, false)).toBeUndefined();
      expect(safeStorage.plainText).toBe(false);
    },
  );

  it('never touches plain-text encryption where a real keychain is there', () => {
    openSecretBox(new MemoryStore(), safeStorageProtector(), true);
    expect(safeStorage.plainTextCalls).toEqual([]);
  });
});
