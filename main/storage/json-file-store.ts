import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { KeyValueStore } from './key-value-store.ts';

/**
 * A KeyValueStore in one JSON file, for plain Node (tests, the browser harness). Every write replaces the file
 * atomically (temporary file, fsync, rename), mode 0600. An unreadable file starts empty rather than crashing.
 */
export class JsonFileStore implements KeyValueStore {
  readonly path: string;
  #data: Record<string, unknown>;

  constructor(path: string) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.#data = JsonFileStore.#read(path);
  }

  static #read(path: string): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
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
