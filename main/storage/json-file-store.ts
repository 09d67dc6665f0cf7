import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { setAsideName } from './set-aside.ts';
import { dirname } from 'node:path';
import type { KeyValueStore } from './key-value-store.ts';

/**
 * A KeyValueStore in one JSON file (plain Node's settings, the data key's own file, the bank-call list). Every write
 * replaces the file atomically (temporary file, fsync, rename), mode 0600. A file that does not parse is set aside
 * (renamed `<file>.damaged-<time>`, never emptied in place: issue 39) and the store starts empty; a file that cannot
 * be read at all (permissions) throws, as the app must not start over what it cannot see.
 */
export class JsonFileStore implements KeyValueStore {
  readonly path: string;
  readonly setAside: string | undefined;
  #data: Record<string, unknown>;

  constructor(path: string, now: () => number = Date.now) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const read = JsonFileStore.#read(path);
    if (read === 'damaged') {
      this.setAside = setAsideName(path, now());
      renameSync(path, this.setAside);
      this.#data = {};
    } else {
      this.#data = read;
    }
  }

  static #read(path: string): Record<string, unknown> | 'damaged' {
    if (!existsSync(path)) return {};
    const text = readFileSync(path, 'utf8');
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : 'damaged';
    } catch {
      return 'damaged';
    }
  }

  get(key: string): unknown {
    return structuredClone(this.#data[key]);
  }

  set(key: string, value: unknown): void {
    this.#commit({ ...this.#data, [key]: structuredClone(value) });
  }

  delete(key: string): void {
    const { [key]: _gone, ...rest } = this.#data;
    this.#commit(rest);
  }

  /** Written first, then taken: a write that fails leaves both the file and what `get` answers as they were. */
  #commit(next: Record<string, unknown>): void {
    const temporary = `${this.path}.tmp`;
    const fd = openSync(temporary, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(next, null, 2));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, this.path);
    this.#data = next;
  }
}
