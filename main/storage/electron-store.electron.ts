import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { app } from 'electron';
import Store from 'electron-store';
import type { KeyValueStore } from './key-value-store.ts';
import { setAsideName } from './set-aside.ts';

type Options = { name?: string; cwd?: string; now?: () => number };

function open(options: Options): Store<Record<string, unknown>> {
  return new Store<Record<string, unknown>>({
    name: options.name ?? 'settings',
    ...(options.cwd ? { cwd: options.cwd } : {}),
    configFileMode: 0o600,
    // Keys such as `profiles.saved` are names, not paths into nested objects.
    accessPropertiesByDotNotation: false,
    // A file that does not parse is set aside here (below), never emptied in place by the library (issue 39).
    clearInvalidConfig: false,
    // Each read without it parses the whole file again: 1 000 reads of a small key took 930 ms with a 267 KB file.
    // Writes drop it; only this process writes the file (one instance of the app).
    cache: true,
  });
}

/**
 * Settings and profiles in electron-store: a JSON file in the user data folder, readable by the user only. A file
 * that does not parse (cut short by a crash, edited by hand) is renamed `settings.json.damaged-<time>` and the app
 * starts with empty settings (`setAside` says so, for the customer); a file it cannot read at all stops the start,
 * with the reason (main/platform/start-failure.ts). The data key is not in it (main/secrets: its own file).
 */
export function electronKeyValueStore(options: Options = {}): KeyValueStore {
  let store: Store<Record<string, unknown>>;
  let setAside: string | undefined;
  try {
    store = open(options);
  } catch (error) {
    if (!(error instanceof Error && error.name === 'SyntaxError')) throw error;
    // The file electron-store reads: `<name>.json` in its folder (the user data folder unless one is given).
    const file = join(options.cwd ?? app.getPath('userData'), `${options.name ?? 'settings'}.json`);
    setAside = setAsideName(file, (options.now ?? Date.now)());
    renameSync(file, setAside);
    store = open(options);
  }
  return {
    setAside,
    // The cache's objects are frozen: a caller gets its own copy, as from every other store.
    get: (key) => structuredClone(store.get(key)),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
