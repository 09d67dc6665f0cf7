/** Small settings and profiles: electron-store in the app, a JSON file under plain Node. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, unknown>();
  get(key: string): unknown {
    return structuredClone(this.data.get(key));
  }
  set(key: string, value: unknown): void {
    this.data.set(key, structuredClone(value));
  }
  delete(key: string): void {
    this.data.delete(key);
  }
}
