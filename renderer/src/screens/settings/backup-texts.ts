import type { BackupExported, BackupRestored } from '../../../../common/backup.ts';
import type { AppLocale } from '../../../../common/locale.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import type { Translate } from '../../i18n/index.ts';

type Counts = BackupExported['counts'];
type Kind = keyof Counts;

/** The order the kinds are named in: what the customer cares for most first. */
const KINDS: readonly Kind[] = ['payments', 'accounts', 'payees', 'due'];

/**
 * Counts as one list in the language in use, those that are not zero only: "2 payments, 1 account and 1 payee",
 * "2 greiðslur, 1 reikning og 1 viðtakanda". Written here rather than by Intl.ListFormat, which an engine without
 * Icelandic locale data would write in English. Empty when every count is zero.
 */
export function countList(t: Translate, locale: AppLocale, counts: Partial<Counts>): string {
  const parts = KINDS.flatMap((kind) => {
    const count = counts[kind] ?? 0;
    return count > 0 ? [t(`backup.count.${kind}`, { count: formatNumber(count, locale) })] : [];
  });
  const last = parts.pop();
  if (last === undefined) return '';
  return parts.length === 0 ? last : `${parts.join(', ')} ${t('backup.and')} ${last}`;
}

/** What was saved: the counts, the folder and the file's name. */
export function savedText(t: Translate, locale: AppLocale, saved: BackupExported): string {
  const list = countList(t, locale, saved.counts);
  const where = { folder: saved.folder ?? '', fileName: saved.fileName ?? '' };
  return list ? t('backup.saved', { list, ...where }) : t('backup.saved.settingsOnly', where);
}

/** What a restore added and brought up to date, with the backup's date; or that nothing was new. */
export function restoredTexts(t: Translate, locale: AppLocale, restored: BackupRestored): string[] {
  const date = formatDateTime(restored.exportedAt, locale);
  const added = countList(t, locale, restored.added);
  const updated = countList(t, locale, restored.updated);
  if (!added && !updated) return [t('backup.restored.nothing', { date })];
  const texts = added
    ? [
        t('backup.restored.added', { list: added, date }),
        ...(updated ? [t('backup.restored.updated', { list: updated })] : []),
      ]
    : [t('backup.restored.updatedOnly', { list: updated, date })];
  return [...texts, t('backup.restored.where')];
}
