import { BACKUP_PASSPHRASE_CODES, measuredBackupPassphraseProblem } from '../../common/backup-passphrase.ts';
import { BackupPayloadSchema, type BackupPayload, type BackupRestored } from '../../common/backup.ts';
import type { PaymentIntent } from '../../common/payment.ts';
import type { Profile } from '../../common/profile.ts';
import type { Clock } from '../../common/time.ts';
import type { AddressBook } from '../address-book/address-book.ts';
import type { DuePayments } from '../due/due-payments.ts';
import type { KdfParams } from '../lock/passcode.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { timesOf } from '../payments/payment-restore.ts';
import { WalletError } from '../wallet-error.ts';
import { openBackup, sealBackup } from './backup-file.ts';

/** Payments read at a time when a backup is made. */
const EXPORT_PAGE = 1000;

export interface BackupServiceOptions {
  book: AddressBook;
  due: DuePayments;
  settings: SettingsService;
  clock: Clock;
  /** The scrypt cost of a new backup; the app's (BACKUP_KDF) unless tests make it cheap. */
  kdf?: KdfParams;
}

/** Who the backup is of, or for: the active profile, its signed-in customer and their payments. */
export interface BackupOwner {
  profile: Profile;
  kennitala: string;
  /** Their name as the bank gave it, which the passphrase may not be made of. */
  name?: string | undefined;
  payments: PaymentService;
}

const MESSAGES = {
  BACKUP_NOT_A_BACKUP: 'This file is not a backup of this app',
  BACKUP_NEWER_FORMAT: 'This backup was made by a newer version of the app',
  BACKUP_WRONG_PASSPHRASE: 'The passphrase does not open this backup',
  BACKUP_DAMAGED: 'This backup is damaged: it cannot be read',
  BACKUP_TOO_LARGE: 'This backup is larger than the app opens',
} as const;

/**
 * A move to a new computer (issue 29, docs/BACKUP.md): one customer's accounts, payees, payment history, payments
 * that come due and settings in one profile, sealed under a passphrase they choose; restored, merged without
 * duplicates, only while the same person is signed in at the same bank. Whatever is refused changes nothing.
 */
export class BackupService {
  readonly #options: BackupServiceOptions;

  constructor(options: BackupServiceOptions) {
    this.#options = options;
  }

  /** The sealed file and what it holds; refused (BACKUP_WEAK_PASSPHRASE) for a passphrase the rules do not take. */
  async export(owner: BackupOwner, passphrase: string): Promise<{ file: Buffer; payload: BackupPayload }> {
    const problem = await measuredBackupPassphraseProblem(passphrase, {
      kennitolur: [owner.kennitala],
      ...(owner.name ? { names: [owner.name] } : {}),
    });
    if (problem) throw new WalletError(BACKUP_PASSPHRASE_CODES[problem], `The passphrase is too weak (${problem})`);
    const { book, due, settings, clock } = this.#options;
    const { profile, kennitala } = owner;
    const current = settings.get();
    const payload: BackupPayload = {
      kind: 'a2a-wallet-data',
      exportedAt: clock.now(),
      bank: { environment: profile.environment, baseUrl: profile.baseUrl, profileName: profile.name },
      customer: { kennitala },
      accounts: book.accounts(profile.id, kennitala),
      payees: book.payees(profile.id, kennitala),
      due: due.all(profile.id, kennitala),
      payments: await allPayments(owner.payments),
      settings: { language: current.language, notificationDetails: current.notificationDetails },
    };
    const file = await sealBackup(JSON.stringify(payload), passphrase, {
      now: payload.exportedAt,
      ...(this.#options.kdf ? { kdf: this.#options.kdf } : {}),
    });
    return { file, payload };
  }

  /**
   * Opens a backup and merges it into the owner's data: what is here stays, what is missing is added, a payment or a
   * due payment here is replaced only by a newer change of it. Restoring the same file twice adds nothing the second
   * time. Refused, with nothing changed, for a file that is not a backup, of a newer format, damaged, opened with
   * the wrong passphrase, of another customer or of another bank.
   */
  async restore(owner: BackupOwner, file: Uint8Array, passphrase: string): Promise<BackupRestored> {
    const opened = await openBackup(file, passphrase);
    if (!opened.ok) throw new WalletError(opened.error, MESSAGES[opened.error]);
    let payload: BackupPayload;
    try {
      payload = BackupPayloadSchema.parse(JSON.parse(opened.plain));
    } catch {
      throw new WalletError('BACKUP_DAMAGED', MESSAGES.BACKUP_DAMAGED);
    }
    const { profile, kennitala } = owner;
    if (payload.customer.kennitala !== kennitala) {
      throw new WalletError('BACKUP_OTHER_CUSTOMER', 'This backup is of another person than the one signed in');
    }
    if (!sameBank(payload.bank, profile)) {
      throw new WalletError('BACKUP_OTHER_BANK', 'This backup was made with another bank than this profile’s');
    }
    const { book, due, settings, clock } = this.#options;
    // A time after the file was made, or after now, is damage (or a file made to look newer than what is here).
    const madeAt = Math.min(opened.createdAt, payload.exportedAt);
    const latest = Math.min(madeAt, clock.now());
    if (
      payload.exportedAt > clock.now() ||
      payload.payments.some((payment) => timesOf(payment).some((t) => t > latest))
    ) {
      throw new WalletError('BACKUP_DAMAGED', MESSAGES.BACKUP_DAMAGED);
    }
    const payments = await owner.payments.restore(payload.payments);
    const entries = book.merge(profile.id, kennitala, payload);
    const dues = due.merge(profile.id, kennitala, payload.due);
    // The language only: showing payees and amounts on the lock screen is the customer's choice on this computer.
    settings.update({ language: payload.settings.language });
    return {
      exportedAt: payload.exportedAt,
      added: { ...entries, payments: payments.added, due: dues.added },
      updated: { payments: payments.updated, due: dues.updated },
    };
  }
}

/** Every payment of the customer, a page at a time. */
async function allPayments(service: PaymentService): Promise<PaymentIntent[]> {
  const all: PaymentIntent[] = [];
  for (let total = 1; all.length < total;) {
    const page = await service.reader.page({ offset: all.length, limit: EXPORT_PAGE });
    total = page.total;
    if (page.items.length === 0) break;
    all.push(...page.items);
  }
  return all;
}

/**
 * The same bank: the same environment, and the same service address (its origin). The local sandbox runs on this
 * computer at whatever port it has: any local sandbox is the same bank.
 */
function sameBank(bank: BackupPayload['bank'], profile: Profile): boolean {
  if (bank.environment !== profile.environment) return false;
  if (bank.environment === 'local-sandbox') return true;
  try {
    return new URL(bank.baseUrl).origin === new URL(profile.baseUrl).origin;
  } catch {
    return false;
  }
}
