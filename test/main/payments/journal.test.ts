import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FileJournal } from '../../../main/payments/journal.ts';

const temporaryFile = () => join(mkdtempSync(join(tmpdir(), 'a2a-journal-')), 'payments.jsonl');

/** Runs the writer child until it has acknowledged `atLeast` records, then kills it with SIGKILL mid-stream. */
function writeAndKill(path: string, atLeast: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--experimental-strip-types', join(import.meta.dirname, 'journal-writer.ts'), path],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const acked: number[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) acked.push(Number(line.slice(4)));
      if (acked.length >= atLeast) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`writer exited: ${signal}`)),
    );
  });
}

const lines = (path: string) => new FileJournal(path).load().lines;

describe('file journal', () => {
  it('reads back what was appended, in order, after a close', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await Promise.all([journal.append('a'), journal.append('b'), journal.append('c')]);
    await journal.close();
    expect(new FileJournal(path).load()).toEqual({ lines: ['a', 'b', 'c'], unterminated: false });
  });

  it('keeps the order asked for, whichever appends are synced, awaited, or follow a rewrite or a close', async () => {
    const step = fc.record({
      kind: fc.constantFrom('synced', 'unsynced', 'rewrite', 'close'),
      awaited: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const path = temporaryFile();
        const journal = new FileJournal(path);
        let expected: string[] = [];
        const running: Promise<void>[] = [];
        for (const [n, { kind, awaited }] of steps.entries()) {
          const line = `r${n}`;
          const done =
            kind === 'rewrite'
              ? journal.rewrite([line])
              : kind === 'close'
                ? journal.close()
                : journal.append(line, { sync: kind === 'synced' });
          if (kind === 'rewrite') expected = [line];
          else if (kind !== 'close') expected.push(line);
          if (awaited) await done;
          else running.push(done);
        }
        await Promise.all(running);
        await journal.close();
        expect(lines(path)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps its file and folder private to the user', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(join(path, '..', 'nested', 'p.jsonl'));
    await journal.append('a');
    await journal.close();
    if (process.platform !== 'win32') {
      expect(statSync(journal.path).mode & 0o777).toBe(0o600);
      expect(statSync(join(path, '..', 'nested')).mode & 0o777).toBe(0o700);
    }
  });

  it('hands over a last line without its newline, and sets it aside or keeps it as told', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await journal.append('one');
    await journal.close();
    appendFileSync(path, '{"n":2,"half');
    const reopened = new FileJournal(path);
    expect(reopened.load()).toEqual({ lines: ['one', '{"n":2,"half'], unterminated: true });
    reopened.settleTail(false);
    await reopened.append('three');
    await reopened.close();
    expect(readFileSync(path, 'utf8')).toBe('one\nthree\n');
    // Set aside, not lost: whoever looks into it finds the bytes beside the journal.
    expect(readFileSync(`${path}.torn`, 'utf8')).toBe('{"n":2,"half\n');

    appendFileSync(path, 'four');
    const again = new FileJournal(path);
    expect(again.load().lines.at(-1)).toBe('four');
    again.settleTail(true);
    await again.append('five');
    await again.close();
    expect(lines(path)).toEqual(['one', 'three', 'four', 'five']);
  });

  it('rewrites atomically for compaction', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await journal.append('a');
    await journal.rewrite(['nine']);
    await journal.append('ten');
    await journal.close();
    expect(lines(path)).toEqual(['nine', 'ten']);
  });

  it('loses no acknowledged entry when the writing process is killed with SIGKILL, again and again', async () => {
    const path = temporaryFile();
    let acknowledged: number[] = [];
    for (const atLeast of [30, 55, 80]) {
      acknowledged = [...acknowledged, ...(await writeAndKill(path, atLeast))];
      const journal = new FileJournal(path);
      const { lines: found, unterminated } = journal.load();
      // A line the kill cut short is the writer's last, unacknowledged one.
      if (unterminated) journal.settleTail(false);
      const entries = (unterminated ? found.slice(0, -1) : found).map((line) => JSON.parse(line) as { n: number });
      const present = new Set(entries.map((entry) => entry.n));
      for (const n of acknowledged) expect(present.has(n)).toBe(true);
      // Nothing was written twice or out of order: the writer resumes where the journal ends.
      expect(entries.map((entry) => entry.n)).toEqual(entries.map((_entry, index) => index));
    }
  }, 60_000);
});
