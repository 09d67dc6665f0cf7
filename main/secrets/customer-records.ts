import type { z } from 'zod';
import type { SecretBox } from './secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

/** Where a record was kept before records were sealed: read once, then moved (the address book's clear books). */
export interface LegacyRecords<T> {
  read(profileId: string, owner: string): T | undefined;
  /** The record is sealed now: the clear copy goes. */
  forget(profileId: string, owner: string): void;
}

export interface CustomerRecordsOptions<T> {
  store: KeyValueStore;
  /** The box of this moment; undefined where nothing may be written. */
  box?: () => SecretBox | undefined;
  /** The store key's prefix and the name sealed into each record's context (`addressBook`, `duePayments`). */
  name: string;
  schema: z.ZodType<T>;
  empty: () => T;
  legacy?: LegacyRecords<T>;
}

/**
 * One record per profile and per customer (the address book, the payments that come due), sealed at rest under the
 * data key and named by a keyed tag, so neither the kennitala nor what the record holds shows; with no protected
 * key it is kept in memory for this run only. A record sealed for one customer cannot be moved to another's name:
 * its context holds the tag. A record broken by hand reads as empty rather than stopping the app, and is written
 * again on the next change.
 */
export class CustomerRecords<T> {
  readonly #options: CustomerRecordsOptions<T>;
  /** Records kept in memory (no box when they were written), with whose they are. */
  readonly #memory = new Map<string, { profileId: string; owner: string; value: T }>();

  constructor(options: CustomerRecordsOptions<T>) {
    this.#options = options;
  }

  /**
   * A box has come (a passcode set, or the fixed key accepted): records kept in memory until now are sealed to the
   * store, unless one is stored there already for the same customer (from an earlier run), which is left as it is.
   */
  useBox(): void {
    for (const [key, { profileId, owner, value }] of this.#memory) {
      const place = this.#place(profileId, owner);
      if (!place || this.#options.store.get(place.key) !== undefined) continue;
      this.write(profileId, owner, value);
      this.#memory.delete(key);
    }
  }

  #place(profileId: string, owner: string): { box: SecretBox; key: string; context: string } | undefined {
    const box = this.#options.box?.();
    const tag = box?.tag?.(`${profileId}|${owner}`);
    if (!box || !tag) return undefined;
    const { name } = this.#options;
    return { box, key: `${name}.${profileId}.${tag}`, context: `a2a-wallet/${name}/v1|${profileId}|${tag}` };
  }

  read(profileId: string, owner: string): T {
    const place = this.#place(profileId, owner);
    const legacy = () => this.#options.legacy?.read(profileId, owner);
    if (!place) return this.#memory.get(`${profileId}|${owner}`)?.value ?? legacy() ?? this.#options.empty();
    const sealed = this.#options.store.get(place.key);
    if (typeof sealed !== 'string') {
      const moved = legacy();
      if (moved === undefined) return this.#options.empty();
      this.write(profileId, owner, moved);
      return moved;
    }
    try {
      const parsed = this.#options.schema.safeParse(JSON.parse(place.box.open(sealed, place.context)));
      return parsed.success ? parsed.data : this.#options.empty();
    } catch {
      return this.#options.empty();
    }
  }

  write(profileId: string, owner: string, value: T): void {
    const place = this.#place(profileId, owner);
    if (!place) {
      this.#memory.set(`${profileId}|${owner}`, { profileId, owner, value });
      return;
    }
    this.#options.store.set(place.key, place.box.seal(JSON.stringify(value), place.context));
    this.#options.legacy?.forget(profileId, owner);
  }
}
