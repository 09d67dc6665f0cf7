import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('file journal', () => {
  it('reads back what was appended, in order, after a close', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await Promise.all([journal.append({ n: 1 }), journal.append({ n: 2 }), journal.append({ n: 3 })]);
    await journal.close();
    expect(new FileJournal(path).load()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('keeps its file private to the user', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await journal.append({ n: 1 });
    await journal.close();
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('drops a torn last line, keeps everything before it, and appends cleanly after it', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await journal.append({ n: 1 });
    await journal.close();
    appendFileSync(path, '{"n":2,"half');
    const reopened = new FileJournal(path);
    expect(reopened.load()).toEqual([{ n: 1 }]);
    await reopened.append({ n: 3 });
    await reopened.close();
    expect(new FileJournal(path).load()).toEqual([{ n: 1 }, { n: 3 }]);
    expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":3}\n');
  });

  it('skips a damaged line in the middle without losing the others', () => {
    const path = temporaryFile();
    appendFileSync(path, '{"n":1}\nnot json\n{"n":3}\n');
    expect(new FileJournal(path).load()).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('rewrites atomically for compaction', async () => {
    const path = temporaryFile();
    const journal = new FileJournal(path);
    await journal.append({ n: 1 });
    await journal.rewrite([{ n: 9 }]);
    await journal.append({ n: 10 });
    await journal.close();
    expect(new FileJournal(path).load()).toEqual([{ n: 9 }, { n: 10 }]);
  });

  it('loses no acknowledged entry when the writing process is killed with SIGKILL, again and again', async () => {
    const path = temporaryFile();
    let acknowledged: number[] = [];
    for (const atLeast of [30, 55, 80]) {
      acknowledged = [...acknowledged, ...(await writeAndKill(path, atLeast))];
      const entries = new FileJournal(path).load() as { n: number }[];
      const present = new Set(entries.map((entry) => entry.n));
      for (const n of acknowledged) expect(present.has(n)).toBe(true);
      // Nothing was written twice or out of order: the writer resumes where the journal ends.
      expect(entries.map((entry) => entry.n)).toEqual(entries.map((_entry, index) => index));
    }
  }, 60_000);
});
