import Store from 'electron-store';
import type { KeyValueStore } from './key-value-store.ts';

/** Settings and profiles in electron-store: a JSON file in the user data folder, readable by the user only. */
export function electronKeyValueStore(options: { name?: string; cwd?: string } = {}): KeyValueStore {
  const store = new Store<Record<string, unknown>>({
    name: options.name ?? 'settings',
    ...(options.cwd ? { cwd: options.cwd } : {}),
    configFileMode: 0o600,
    // Keys such as `profiles.saved` are names, not paths into nested objects.
    accessPropertiesByDotNotation: false,
    // A file broken by hand is replaced rather than stopping the app; secrets never live in it in clear text.
    clearInvalidConfig: true,
  });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
