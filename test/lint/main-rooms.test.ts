import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoText, tableAfter } from '../support/markdown-table.ts';

/** docs/PAYMENT-CORE.md's map of main's rooms names every folder and root file of main/, and every module of core/. */
const root = join(import.meta.dirname, '..', '..');
const doc = repoText('docs/PAYMENT-CORE.md');
const named = (heading: string) => tableAfter(doc, heading).map((row) => /`([^`]+)`/.exec(row[0] ?? '')?.[1]);
const entries = (folder: string) =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));

describe("docs/PAYMENT-CORE.md's map of main", () => {
  it('names each folder and file of main/ once, and nothing that is not there', () => {
    const rooms = named("## Main's rooms (issue 40)");
    expect(new Set(rooms).size).toBe(rooms.length);
    expect([...rooms].sort()).toEqual(entries('main').sort());
  });

  it('names each module of the composition root (main/core/), and nothing that is not there', () => {
    const modules = named("### The composition root's modules (`main/core/`)");
    expect([...modules].sort()).toEqual(entries('main/core').sort());
  });
});
