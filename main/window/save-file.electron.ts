import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import type { AppLocale } from '../../common/locale.ts';
import { freeName } from '../platform/free-name.ts';

const TITLES: Record<AppLocale, string> = { is: 'Vista greiðslusögu', en: 'Save payment history' };

/**
 * The name the customer chose, ending in `.csv`: Linux portals older than version 4 ignore the suggested name and
 * its filter, and return whatever was typed.
 */
export const withCsvExtension = (path: string): string =>
  extname(path).toLowerCase() === '.csv' ? path : `${path}.csv`;

/** The save dialog, starting in Downloads; the file is written readable by the user only. */
export async function saveWithDialog(file: {
  suggestedName: string;
  content: string;
  locale: AppLocale;
}): Promise<string | undefined> {
  const downloads = app.getPath('downloads');
  const options = {
    title: TITLES[file.locale],
    // A name not taken yet; and should the customer pick an existing file, every system asks before replacing it
    // (Linux only when told to).
    defaultPath: join(downloads, freeName(downloads, file.suggestedName)),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
    properties: ['showOverwriteConfirmation' as const, 'createDirectory' as const],
  };
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return undefined;
  const path = withCsvExtension(result.filePath);
  await writeFile(path, file.content, { mode: 0o600 });
  return path;
}
