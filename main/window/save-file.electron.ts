import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import type { AppLocale } from '../../common/locale.ts';
import { freeName } from '../platform/free-name.ts';
import type { SaveFileRequest } from '../platform/platform.ts';

const TITLES: Record<SaveFileRequest['kind'], Record<AppLocale, string>> = {
  csv: { is: 'Vista greiðslusögu', en: 'Save payment history' },
  pdf: { is: 'Vista kvittun', en: 'Save receipt' },
  png: { is: 'Vista QR-kóða greiðslubeiðni', en: 'Save the payment request’s QR code' },
  a2abackup: { is: 'Vista afrit', en: 'Save backup' },
  json: { is: 'Vista gögn fyrir þjónustuver', en: 'Save a support bundle' },
};

/**
 * The name the customer chose, ending in the kind's extension: Linux portals older than version 4 ignore the
 * suggested name and its filter, and return whatever was typed.
 */
export const withExtension = (path: string, kind: SaveFileRequest['kind']): string =>
  extname(path).toLowerCase() === `.${kind}` ? path : `${path}.${kind}`;

/** The save dialog, starting in Downloads; the file is written readable by the user only. */
export async function saveWithDialog(file: SaveFileRequest): Promise<string | undefined> {
  const downloads = app.getPath('downloads');
  const options = {
    title: TITLES[file.kind][file.locale],
    // A name not taken yet; and should the customer pick an existing file, every system asks before replacing it
    // (Linux only when told to).
    defaultPath: join(downloads, freeName(downloads, file.suggestedName)),
    filters: [{ name: file.kind.toUpperCase(), extensions: [file.kind] }],
    properties: ['showOverwriteConfirmation' as const, 'createDirectory' as const],
  };
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return undefined;
  const path = withExtension(result.filePath, file.kind);
  await writeFile(path, file.content, { mode: 0o600 });
  return path;
}
