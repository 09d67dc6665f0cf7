import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveWithDialog, withExtension } from '../../../main/window/save-file.electron.ts';
import { app, dialog } from '../../mocks/electron.ts';
import { testFolder } from '../../support/temp-folder.ts';

let folder: string;
beforeEach(() => {
  folder = testFolder('a2a-save');
  app.setPath('downloads', folder);
  dialog.savePath = undefined;
  dialog.saves.length = 0;
});

const save = () =>
  saveWithDialog({ suggestedName: 'a2a-wallet-local-2026-11-22.csv', content: 'a;b\n', kind: 'csv', locale: 'is' });

describe('the CSV save dialog', () => {
  it('suggests the name in Downloads, with the title in the customer’s language', async () => {
    await save();
    expect(dialog.saves[0]).toMatchObject({
      title: 'Vista greiðslusögu',
      defaultPath: join(folder, 'a2a-wallet-local-2026-11-22.csv'),
    });
  });

  it('adds .csv when the dialog returns a name without it (Linux portals before v4)', async () => {
    dialog.savePath = join(folder, 'greidslur');
    expect(await save()).toBe(join(folder, 'greidslur.csv'));
    expect(readFileSync(join(folder, 'greidslur.csv'), 'utf8')).toBe('a;b\n');
    if (process.platform !== 'win32') expect(statSync(join(folder, 'greidslur.csv')).mode & 0o777).toBe(0o600);
  });

  it('keeps a name that already ends in .csv, in any case', () => {
    expect(withExtension('/x/saga.CSV', 'csv')).toBe('/x/saga.CSV');
    expect(withExtension('/x/saga.csv', 'csv')).toBe('/x/saga.csv');
    expect(withExtension('/x/saga.csv.txt', 'csv')).toBe('/x/saga.csv.txt.csv');
  });

  it('saves a receipt as the PDF’s bytes, titled and filtered as a receipt, ending in .pdf', async () => {
    dialog.savePath = join(folder, 'kvittun');
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00]);
    const path = await saveWithDialog({
      suggestedName: 'kvittun-2026-11-22.pdf',
      content: pdf,
      kind: 'pdf',
      locale: 'is',
    });
    expect(path).toBe(join(folder, 'kvittun.pdf'));
    expect(new Uint8Array(readFileSync(join(folder, 'kvittun.pdf')))).toEqual(pdf);
    expect(dialog.saves[0]).toMatchObject({ title: 'Vista kvittun', filters: [{ name: 'PDF', extensions: ['pdf'] }] });
  });

  it('suggests a name no earlier export has, and asks before replacing a file the customer picks', async () => {
    writeFileSync(join(folder, 'a2a-wallet-local-2026-11-22.csv'), 'first');
    writeFileSync(join(folder, 'a2a-wallet-local-2026-11-22 (2).csv'), 'second');
    await save();
    expect(dialog.saves[0]).toMatchObject({
      defaultPath: join(folder, 'a2a-wallet-local-2026-11-22 (3).csv'),
      properties: expect.arrayContaining(['showOverwriteConfirmation']),
    });
  });

  it('writes nothing when the customer cancels', async () => {
    expect(await save()).toBeUndefined();
  });
});
