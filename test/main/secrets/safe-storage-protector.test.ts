import { afterEach, describe, expect, it } from 'vitest';
import { safeStorageProtector } from '../../../main/secrets/safe-storage-protector.electron.ts';
import { safeStorage } from '../../mocks/electron.ts';

const backend = safeStorage.getSelectedStorageBackend;
afterEach(() => {
  safeStorage.available = true;
  safeStorage.getSelectedStorageBackend = backend;
});

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

  it.runIf(process.platform === 'linux')("treats Linux's basic_text backend as no protection", () => {
    safeStorage.getSelectedStorageBackend = () => 'basic_text';
    expect(safeStorageProtector().status()).toEqual({ secure: false, reason: 'basic_text' });
    safeStorage.getSelectedStorageBackend = () => 'gnome_libsecret';
    expect(safeStorageProtector().status()).toEqual({ secure: true });
  });
});
