import { readFileSync, statSync } from 'node:fs';
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
