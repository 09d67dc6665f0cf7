import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonFileStore } from '../../../main/storage/json-file-store.ts';
import { testFolder } from '../../support/temp-folder.ts';

describe('the JSON file store (plain Node hosts)', () => {
  it('keeps what it answers and what is on disk the same when a write fails', () => {
    const path = join(testFolder('a2a-json-store'), 'settings.json');
    const store = new JsonFileStore(path);
    store.set('settings.language', 'is');
    // The next write cannot happen (a folder where its temporary file goes; root is not stopped by a chmod).
    mkdirSync(`${path}.tmp`);
    expect(() => store.set('settings.language', 'en')).toThrow();
    expect(() => store.delete('settings.language')).toThrow();
    expect(store.get('settings.language')).toBe('is');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ 'settings.language': 'is' });
    expect(new JsonFileStore(path).get('settings.language')).toBe('is');
  });
});

describe('a JSON file that does not parse (issue 39)', () => {
  it('is set aside with its time, never emptied in place', () => {
    const path = join(testFolder('a2a-json-store'), 'data-key.json');
    new JsonFileStore(path).set('vault.dataKey', 'v1:key');
    writeFileSync(path, '{"vault.dataKey": "v1:ke');
    const store = new JsonFileStore(path, () => Date.parse('2026-11-28T10:00:00Z'));
    expect(store.setAside).toBe(`${path}.damaged-2026-11-28T10-00-00-000Z`);
    expect(readFileSync(store.setAside ?? '', 'utf8')).toBe('{"vault.dataKey": "v1:ke');
    expect(store.get('vault.dataKey')).toBeUndefined();
    // A second damaged start in the same instant keeps both.
    writeFileSync(path, 'not json');
    expect(new JsonFileStore(path, () => Date.parse('2026-11-28T10:00:00Z')).setAside).toBe(
      `${path}.damaged-2026-11-28T10-00-00-000Z-2`,
    );
  });
});
