import { z } from 'zod';
import type { SecretBox } from '../../secrets/secret-box.ts';
import type { KeyValueStore } from '../../storage/key-value-store.ts';
import { StoreMarkSchema, type StoreMark } from './store-contract.ts';

const MARKS_KEY = 'payments.storeMarks';
const CONTEXT = 'a2a-wallet/payment-store-marks/v1';
const Marks = z.record(z.string().max(200), StoreMarkSchema);

/**
 * The high-water mark of every payment store's sequence, kept outside the stores (in the settings file), sealed
 * under the data key as one record: a store found behind its mark, or another store than the one marked, is an
 * older copy put back or a removed one begun again (see payment-database.ts).
 *
 * What this cannot see: the settings file and the stores put back together from the same older copy. A mark that
 * is missing or does not open while a store is on disk is itself a sign of that, and is treated as "older".
 */
export class StoreMarks {
  readonly #store: KeyValueStore;
  #box: SecretBox | undefined;
  #marks: Record<string, StoreMark> | undefined;
  /** The record was there and did not open (edited, or sealed under another key). */
  #unreadable = false;

  constructor(store: KeyValueStore, box: SecretBox | undefined) {
    this.#store = store;
    this.#box = box;
  }

  #read(): Record<string, StoreMark> {
    if (this.#marks) return this.#marks;
    const sealed = this.#store.get(MARKS_KEY);
    let marks: Record<string, StoreMark> = {};
    if (sealed !== undefined) {
      try {
        if (typeof sealed !== 'string' || !this.#box) throw new Error('unreadable');
        marks = Marks.parse(JSON.parse(this.#box.open(sealed, CONTEXT)));
      } catch {
        this.#unreadable = true;
      }
    }
    this.#marks = marks;
    return marks;
  }

  /**
   * The mark a store is opened against. For a store already on disk with no readable mark, one that no store meets
   * (so it is flagged as older); for a new store, none.
   */
  of(binding: string, onDisk: boolean): StoreMark | undefined {
    const mark = this.#read()[binding];
    if (mark) return mark;
    return onDisk ? { storeId: 'no-mark', seq: Number.MAX_SAFE_INTEGER } : undefined;
  }

  /** A store's new high-water mark (marks only move forward within one store). */
  note(binding: string, mark: StoreMark): void {
    const marks = this.#read();
    const known = marks[binding];
    if (known && known.storeId === mark.storeId && known.seq >= mark.seq) return;
    marks[binding] = mark;
    this.#write();
  }

  /** The data key changed: the marks are sealed again under the new one. */
  useBox(box: SecretBox | undefined): void {
    this.#read();
    this.#box = box;
    this.#write();
  }

  get unreadable(): boolean {
    this.#read();
    return this.#unreadable;
  }

  #write(): void {
    if (!this.#box || !this.#marks) return;
    this.#store.set(MARKS_KEY, this.#box.seal(JSON.stringify(this.#marks), CONTEXT));
    this.#unreadable = false;
  }
}
