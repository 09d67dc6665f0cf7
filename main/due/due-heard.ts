/**
 * Whether a customer's due book still says what their payment store would (issue 40): so from a settle against the
 * store until one of their payments is heard to change (the payments' own onChange, the one the window's news comes
 * from), a backup is merged into the book, or the key the book is read with changes. Only what can change the store's
 * answer without being heard here is not counted, so a book that holds a payment under way is always read again.
 * Counted, not flagged: a change heard while a settle was reading the store leaves the book not current.
 */
export class HeardChanges {
  /** Per customer (`profileId|owner`): the changes heard so far. */
  readonly #heard = new Map<string, number>();
  /** Per customer: the count when a settle last began to read the store (and finished). */
  readonly #settledAt = new Map<string, number>();

  heard(key: string): void {
    this.#heard.set(key, this.asOf(key) + 1);
  }

  /** Taken before the store is read: `settled` with it says the book was settled by what was read after it. */
  asOf(key: string): number {
    return this.#heard.get(key) ?? 0;
  }

  settled(key: string, asOf: number): void {
    if (asOf === this.asOf(key)) this.#settledAt.set(key, asOf);
  }

  /** Nothing heard since the last settle against the store. */
  current(key: string): boolean {
    return this.#settledAt.get(key) === this.asOf(key);
  }

  /** Every book is read again (a new key reads them differently). */
  forget(): void {
    this.#settledAt.clear();
  }
}
