import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupPayload } from '../../../common/backup.ts';
import type { PaymentIntent } from '../../../common/payment.ts';
import { FAST_TEST_BACKUP_KDF, openBackup, sealBackup } from '../../../main/backup/backup-file.ts';
import { CUSTOMERS, type InProcessWallet } from '../../support/in-process-wallet.ts';

const PASSPHRASE = 'kaffi með mjólk á morgnana';

/**
 * Restores into the signed-in Anna's core a backup of hers that holds one payment to Björn per state given, each
 * written an hour ago, as anybody who knows her kennitala could write one (issue 38): what the window then shows of
 * them. The backup is the app's own (exportBackup), its payments replaced.
 */
export async function restoreWithPayments(core: InProcessWallet, states: PaymentIntent['state'][]): Promise<void> {
  const saved = await core.value('exportBackup', { passphrase: PASSPHRASE });
  const opened = await openBackup(readFileSync(join(core.dataDir, 'saved', saved.fileName ?? '')), PASSPHRASE);
  if (!opened.ok) throw new Error(opened.error);
  const payload = JSON.parse(opened.plain) as BackupPayload;
  const now = core.sandbox.clock.now();
  const at = now - 3_600_000;
  payload.payments = states.map((state, index) => ({
    id: `file-${state}-${String(index)}`,
    profileId: 'local-sandbox',
    order: {
      debtorKennitala: CUSTOMERS.anna.kennitala,
      debtorAccount: '013326012345',
      depositKennitala: CUSTOMERS.bjorn.kennitala,
      depositAccount: '013326020001',
      amount: 4000 + index * 1000,
      endToEndId: '',
      extendedReference: '',
      payeeName: 'Björn',
    },
    requestId: `File${state}${String(index)}`.padEnd(32, '0').slice(0, 32),
    state,
    stateTimes: { confirmed: at, [state]: at },
    createdAt: at,
    updatedAt: at,
    firstSentAt: at,
    attempts: 1,
  }));
  const file = await sealBackup(JSON.stringify(payload), PASSPHRASE, { kdf: FAST_TEST_BACKUP_KDF, now });
  await core.value('restoreBackup', { file: file.toString('base64'), passphrase: PASSPHRASE });
}
