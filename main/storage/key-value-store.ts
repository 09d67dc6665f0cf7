/** Small settings and profiles: electron-store in the app, a JSON file under plain Node. */
export interface KeyValueStore {
  /**
   * Where this start found the file damaged (it did not parse): the name it was set aside under (`<file>.damaged-<time>`),
   * never emptied in place (issue 39), so the customer can be told what was reset.
   */
  readonly setAside?: string | undefined;
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
