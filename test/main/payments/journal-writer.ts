import { FileJournal } from '../../../main/payments/journal.ts';

// A child process for the crash test: appends records and says which ones were acknowledged, until it is killed.
const path = process.argv[2];
if (!path) throw new Error('usage: journal-writer.ts <file>');
const journal = new FileJournal(path);
const { lines, unterminated } = journal.load();
if (unterminated) journal.settleTail(false);
const start = lines.length - (unterminated ? 1 : 0);
for (let n = start; ; n += 1) {
  // Every other record unsynced, as the payment path writes "sending": acknowledged once written, not once on disk.
  await journal.append(JSON.stringify({ type: 'entry', n, padding: 'x'.repeat(n % 97) }), { sync: n % 2 === 0 });
  process.stdout.write(`ack ${n}\n`);
}
