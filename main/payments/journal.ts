import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, truncateSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * An append-only log of JSON records, one per line. An append resolves only once the record is on disk (fsync),
 * so whatever was acknowledged survives a crash; a torn last line from a crash mid-write is dropped on load and
 * never corrupts what came before. Appending costs the same however long the log is.
 */
export interface Journal {
  /** Every complete record, oldest first. */
  load(): unknown[];
  /**
   * Resolves once the record is written; with `sync` (the default) once it is on disk, so that it survives a power
   * cut as well as a crash. Without, it survives the process being killed, not the machine losing power.
   */
  append(record: unknown, options?: { sync?: boolean }): Promise<void>;
  /** Replaces the whole log atomically (compaction). */
  rewrite(records: unknown[]): Promise<void>;
  close(): Promise<void>;
}

export class FileJournal implements Journal {
  readonly path: string;
  #handle: FileHandle | undefined;
  /** Appends run one after another, in the order they were asked for. */
  #queue: Promise<void> = Promise.resolve();

  constructor(path: string) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  }

  load(): unknown[] {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const end = text.lastIndexOf('\n') + 1;
    // A tail without its newline is a write the crash cut short: drop it so the next append starts clean.
    if (end < text.length) truncateSync(this.path, Buffer.byteLength(text.slice(0, end)));
    const records: unknown[] = [];
    for (const line of text.slice(0, end).split('\n')) {
      if (line === '') continue;
      try {
        records.push(JSON.parse(line));
      } catch {
        // A damaged line (a disk fault, not a crash: appends never interleave) is skipped, the rest kept.
      }
    }
    return records;
  }

  append(record: unknown, options: { sync?: boolean } = {}): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    const next = this.#queue.then(async () => {
      this.#handle ??= await open(this.path, 'a', 0o600);
      await this.#handle.write(line);
      if (options.sync ?? true) await this.#handle.datasync();
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  rewrite(records: unknown[]): Promise<void> {
    const next = this.#queue.then(async () => {
      await this.#handle?.close();
      this.#handle = undefined;
      const temporary = `${this.path}.tmp`;
      const fd = openSync(temporary, 'w', 0o600);
      try {
        writeSync(fd, records.map((record) => `${JSON.stringify(record)}\n`).join(''));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, this.path);
      syncDirectory(dirname(this.path));
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.#queue;
    await this.#handle?.close();
    this.#handle = undefined;
  }
}

/** A rename is durable only once its directory is synced (not possible on Windows, where it is not needed). */
function syncDirectory(path: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The same contract in memory, for tests. */
export class MemoryJournal implements Journal {
  records: unknown[] = [];
  load(): unknown[] {
    return structuredClone(this.records);
  }
  append(record: unknown, _options?: { sync?: boolean }): Promise<void> {
    this.records.push(structuredClone(record));
    return Promise.resolve();
  }
  rewrite(records: unknown[]): Promise<void> {
    this.records = structuredClone(records);
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
