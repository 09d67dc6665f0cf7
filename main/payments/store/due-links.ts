import type { StatementSync } from 'node:sqlite';
import { z } from 'zod';
import type { RowSeal } from './row-seal.ts';

/** A payment confirmed for one occurrence of a payment that comes due (main/due): its id, and the occurrence. */
export const DueLinkSchema = z.object({
  dueId: z.string().min(1).max(64),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  intentId: z.string().min(1).max(100),
});
export type DueLink = z.infer<typeof DueLinkSchema>;

interface LinkRow {
  tag: string;
  due: string;
  seq: number;
  sealed: Uint8Array;
}

/**
 * Which payment was confirmed for which occurrence of a payment that comes due (issue 38): kept in the payment store,
 * beside the payments, not only in the due record (which is kept elsewhere and may be put back older). One row an
 * occurrence, found by a keyed tag of the due payment, sealed, and numbered in the store's sequence like a payment's
 * change, so a link removed or put back is a `gap` and one edited does not open.
 */
export class DueLinks {
  readonly #sql: (text: string) => StatementSync;
  readonly #seal: RowSeal;
  readonly #place: string;

  constructor(sql: (text: string) => StatementSync, seal: RowSeal, place: { binding: string; storeId: string }) {
    this.#sql = sql;
    this.#seal = seal;
    this.#place = `${place.binding}|${place.storeId}`;
  }

  #bound(row: Pick<LinkRow, 'tag' | 'due' | 'seq'>): string {
    return `a2a-wallet/payment-due-link/v1|${this.#place}|${row.tag}|${row.due}|${row.seq}`;
  }

  /** Writes the link as change `seq` (within the caller's transaction); false if that occurrence has one already. */
  put(link: DueLink, seq: number): boolean {
    const tag = this.#seal.tag(`due|${link.dueId}|${link.date}`);
    if (this.#sql('SELECT seq FROM due_links WHERE tag = ?').get(tag)) return false;
    const due = this.#seal.tag(`due|${link.dueId}`);
    const sealed = this.#seal.seal(JSON.stringify(DueLinkSchema.parse(link)), this.#bound({ tag, due, seq }));
    this.#sql('INSERT INTO due_links (tag, due, seq, sealed) VALUES (?, ?, ?, ?)').run(tag, due, seq, sealed);
    return true;
  }

  /** A due payment's links; `unreadable` counts those that do not open (the store is then flagged). */
  of(dueId: string): { links: DueLink[]; unreadable: number } {
    const rows = this.#sql('SELECT tag, due, seq, sealed FROM due_links WHERE due = ?').all(
      this.#seal.tag(`due|${dueId}`),
    ) as unknown as LinkRow[];
    return this.#opened(rows, (link) => link.dueId === dueId);
  }

  /** Every link that opens (for a move to another store). */
  all(): DueLink[] {
    const rows = this.#sql('SELECT tag, due, seq, sealed FROM due_links').all() as unknown as LinkRow[];
    return this.#opened(rows, () => true).links;
  }

  #opened(rows: readonly LinkRow[], mine: (link: DueLink) => boolean): { links: DueLink[]; unreadable: number } {
    const links: DueLink[] = [];
    let unreadable = 0;
    for (const row of rows) {
      const plain = this.#seal.open(row.sealed, this.#bound(row));
      const link = plain === undefined ? undefined : DueLinkSchema.safeParse(JSON.parse(plain));
      const tag = link?.success ? this.#seal.tag(`due|${link.data.dueId}|${link.data.date}`) : undefined;
      if (link?.success && tag === row.tag && mine(link.data)) links.push(link.data);
      else unreadable += 1;
    }
    return { links, unreadable };
  }
}
