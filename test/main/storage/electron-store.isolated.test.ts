import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { electronKeyValueStore } from '../../../main/storage/electron-store.electron.ts';
import { app } from '../../mocks/electron.ts';
import { testFolder } from '../../support/temp-folder.ts';

let userData: string;
beforeEach(() => {
  userData = testFolder('a2a-userdata');
  app.setPath('userData', userData);
});

describe('electron-store adapter', () => {
  it('keeps values across instances, with dotted keys as plain names, in a file only the user can read', () => {
    const store = electronKeyValueStore();
    store.set('profiles.active', 'bank-sandbox');
    store.set('language', 'is');
    expect(electronKeyValueStore().get('profiles.active')).toBe('bank-sandbox');
    const file = join(userData, 'settings.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ 'profiles.active': 'bank-sandbox', language: 'is' });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    store.delete('language');
    expect(electronKeyValueStore().get('language')).toBeUndefined();
  });
});

describe('a settings file that does not parse (issue 39)', () => {
  it('is set aside with its time, never emptied in place, and the store starts empty and says so', () => {
    const file = join(userData, 'settings.json');
    electronKeyValueStore().set('language', 'is');
    writeFileSync(file, '{"language": "is", "vault.dataKey": "v1:abc');
    const store = electronKeyValueStore({ now: () => Date.parse('2026-11-28T10:00:00Z') });
    expect(store.setAside).toBe(`${file}.damaged-2026-11-28T10-00-00-000Z`);
    expect(readFileSync(store.setAside ?? '', 'utf8')).toBe('{"language": "is", "vault.dataKey": "v1:abc');
    expect(store.get('language')).toBeUndefined();
    store.set('language', 'en');
    expect(electronKeyValueStore().get('language')).toBe('en');
    expect(electronKeyValueStore().setAside).toBeUndefined();
  });

  it('answers reads from its cache, each a copy of its own', () => {
    const store = electronKeyValueStore();
    store.set('profiles.saved', [{ id: 'a' }]);
    const read = store.get('profiles.saved') as { id: string }[];
    read.push({ id: 'b' });
    expect(store.get('profiles.saved')).toEqual([{ id: 'a' }]);
  });
});
