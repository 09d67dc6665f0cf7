import { BACKUP_EXTENSION } from '../../common/backup.ts';
import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { AppLocale } from '../../common/locale.ts';
import { gmtDay, type Clock } from '../../common/time.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { PaymentsByCustomer } from '../payments/payments-by-customer.ts';
import type { Platform } from '../platform/platform.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import { basename, dirname } from 'node:path';
import type { BackupOwner, BackupService } from './backup-service.ts';

export type BackupHandlers = Pick<HandlerTable, 'exportBackup' | 'restoreBackup'>;

/** A backup of the signed-in customer in the active profile, and its restore (main/backup/backup-service.ts). */
export function backupHandlers(options: {
  backups: BackupService;
  profiles: ProfileService;
  sessions: SessionService;
  payments: PaymentsByCustomer;
  clock: Clock;
  saveFile: Platform['saveFile'];
  locale(): AppLocale;
}): BackupHandlers {
  const { backups, profiles, sessions, payments } = options;
  const owner = async (): Promise<BackupOwner> => {
    const profile = profiles.active();
    const { kennitala } = sessions.customer(profile.id);
    const name = sessions.knownCustomer(profile.id)?.name;
    return { profile, kennitala, name, payments: await payments.of(profile.id, kennitala) };
  };
  return {
    exportBackup: async ({ passphrase }) => {
      const of = await owner();
      const { file, payload } = await backups.export(of, passphrase);
      const counts = {
        accounts: payload.accounts.length,
        payees: payload.payees.length,
        payments: payload.payments.length,
        due: payload.due.length,
      };
      const path = await options.saveFile({
        suggestedName: `a2a-wallet-${of.profile.id}-${gmtDay(options.clock.now())}.${BACKUP_EXTENSION}`,
        content: file,
        kind: BACKUP_EXTENSION,
        locale: options.locale(),
      });
      return path ? { saved: true, fileName: basename(path), folder: dirname(path), counts } : { saved: false, counts };
    },
    restoreBackup: async ({ file, passphrase }) =>
      backups.restore(await owner(), Buffer.from(file, 'base64'), passphrase),
  };
}
