import {
  appendFileSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { runAtOnce, runPaced, type Pacer } from './pacer.ts';

/**
 * An append-only log of lines, one record per line. An append resolves only once the line is written (and, by
 * default, on disk: fsync), so whatever was acknowledged survives a crash. The journal does not judge lines: the
 * payment store decodes and authenticates them (see record-codec.ts), and decides what a last line without its
 * newline is: a complete record whose newline was lost, or a write the crash cut short.
 */
export interface JournalContents {
  /** Every line, oldest first, the last one included even when it had no newline. */
  lines: string[];
  /** The file did not end with a newline: its last line may be a write cut short. */
  unterminated: boolean;
}

export interface Journal {
  load(): JournalContents;
  /** The same, read without holding the event loop: the file asynchronously, its lines split in slices. */
  loadPaced(pacer: Pacer): Promise<JournalContents>;
  /**
   * Resolves once the line is written; with `sync` (the default) once it is on disk, so that it survives a power
   * cut as well as a crash. Without, it survives the process being killed, not the machine losing power.
   */
  append(line: string, options?: { sync?: boolean }): Promise<void>;
  /** After a load whose last line had no newline: keep it (the newline is added) or set it aside. */
  settleTail(keep: boolean): void;
  /** Replaces the whole log atomically (compaction). */
  rewrite(lines: string[]): Promise<void>;
  close(): Promise<void>;
}

export class FileJournal implements Journal {
  readonly path: string;
  #handle: FileHandle | undefined;
  /** Appends run one after another, in the order they were asked for. */
  #queue: Promise<void> = Promise.resolve();
  #tail: { start: number; text: string } | undefined;
  /** Operations queued and not yet done: an unsynced append with nothing ahead of it is written at once. */
  #pending = 0;

  constructor(path: string) {
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  }

  load(): JournalContents {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], unterminated: false };
      throw error;
    }
    return runAtOnce(this.#split(bytes));
  }

  async loadPaced(pacer: Pacer): Promise<JournalContents> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], unterminated: false };
      throw error;
    }
    return runPaced(this.#split(bytes), pacer);
  }

  /** The file's lines, decoded one at a time (a generator: a long file is split in slices). */
  *#split(bytes: Buffer): Generator<unknown, JournalContents> {
    const lines: string[] = [];
    let start = 0;
    for (let end = bytes.indexOf(10, start); end >= 0; end = bytes.indexOf(10, start)) {
      lines.push(bytes.toString('utf8', start, end));
      start = end + 1;
      yield;
    }
    const unterminated = start < bytes.length;
    this.#tail = unterminated ? { start, text: bytes.toString('utf8', start) } : undefined;
    if (unterminated) lines.push(bytes.toString('utf8', start));
    return { lines, unterminated };
  }

  settleTail(keep: boolean): void {
    const tail = this.#tail;
    this.#tail = undefined;
    if (!tail) return;
    if (keep) {
      appendFileSync(this.path, '\n');
      return;
    }
    // Not deleted: kept beside the journal for whoever looks into what happened, then cut so appends start clean.
    appendFileSync(`${this.path}.torn`, `${tail.text}\n`, { mode: 0o600 });
    truncateSync(this.path, tail.start);
  }

  append(line: string, options: { sync?: boolean } = {}): Promise<void> {
    const sync = options.sync ?? true;
    if (!sync && this.#pending === 0 && this.#handle) {
      // Nothing ahead of it and no fsync wanted: written now, into the OS's cache (a few microseconds), rather than
      // by a trip through the thread pool, which the payment path would wait for before each send.
      try {
        writeAll(this.#handle.fd, `${line}\n`);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return this.#enqueue(async () => {
      if (!this.#handle) {
        this.#handle = await open(this.path, 'a', 0o600);
        // A new file is durable only once its directory entry is: sync the folder when the file is created.
        if ((await this.#handle.stat()).size === 0) syncDirectory(dirname(this.path));
      }
      await this.#handle.write(`${line}\n`);
      if (sync) await this.#handle.datasync();
    });
  }

  /** Runs `task` after everything asked for before it. */
  #enqueue(task: () => Promise<void>): Promise<void> {
    this.#pending += 1;
    const next = this.#queue.then(task).finally(() => {
      this.#pending -= 1;
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  rewrite(lines: string[]): Promise<void> {
    return this.#enqueue(async () => {
      await this.#handle?.close();
      this.#handle = undefined;
      const temporary = `${this.path}.tmp`;
      // Written and synced off the event loop, a line at a time: a snapshot of years of payments is tens of MB.
      const file = await open(temporary, 'w', 0o600);
      try {
        for (const line of lines) await file.write(`${line}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, this.path);
      syncDirectory(dirname(this.path));
    });
  }

  close(): Promise<void> {
    return this.#enqueue(async () => {
      await this.#handle?.close();
      this.#handle = undefined;
    });
  }
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written);
}

/** A rename or a new file is durable only once its directory is synced (not possible on Windows, nor needed). */
function syncDirectory(path: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The same contract in memory: for tests, and for history kept for this run only (no protected key). */
export class MemoryJournal implements Journal {
  lines: string[] = [];
  load(): JournalContents {
    return { lines: [...this.lines], unterminated: false };
  }
  loadPaced(_pacer: Pacer): Promise<JournalContents> {
    return Promise.resolve(this.load());
  }
  append(line: string, _options?: { sync?: boolean }): Promise<void> {
    this.lines.push(line);
    return Promise.resolve();
  }
  settleTail(_keep: boolean): void {}
  rewrite(lines: string[]): Promise<void> {
    this.lines = [...lines];
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
