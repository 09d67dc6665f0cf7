import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** A file of the repository, as text (docs/PAYMENT-CORE.md, README.md). */
export const repoText = (path: string): string => readFileSync(join(root, path), 'utf8');

/**
 * The rows of the first markdown table after `heading` (a whole line), below its header and rule, each as its
 * trimmed cells (no cell may hold a `|`). Throws when the heading is not there, so a check never passes on nothing.
 */
export function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`No heading "${heading}"`);
  const lines = markdown.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  if (first < 0) throw new Error(`No table after "${heading}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The first `code` in a cell. */
export const codeIn = (cell: string | undefined): string | undefined => /`(\w+)`/.exec(cell ?? '')?.[1];

/** "Send it (`send`), Don’t send (`dontSend`)": each action with its label, in order (none for plain words). */
export const actionsIn = (cell: string | undefined): { label: string | undefined; action: string | undefined }[] =>
  [...(cell ?? '').matchAll(/([^,()]+?) \(`(\w+)`\)/g)].map((match) => ({ label: match[1]?.trim(), action: match[2] }));

/** The heading of the state table in docs/PAYMENT-CORE.md, and of its compact copy in README.md. */
export const STATE_TABLE = '## Payment states as the customer sees them (issue 25)';
export const README_STATE_TABLE = "### What a payment's state says, and what you can do";
