import type { TokenVault } from '../auth/token-vault.ts';
import type { AddressBook } from '../address-book/address-book.ts';
import type { DuePayments } from '../due/due-payments.ts';
import type { PaymentsByCustomer } from '../payments/payments-by-customer.ts';
import type { ProfileService } from '../profiles/profile-service.ts';
import type { BoxHolder } from '../secrets/wallet-secrets.ts';

/** Everything that keeps sealed secrets, each told when the data key changes (WalletSecrets: a switch, an unlock). */
export interface KeyHolderServices {
  vault: TokenVault;
  profiles: ProfileService;
  book: AddressBook;
  due: DuePayments;
  payments: PaymentsByCustomer;
}

/** Keeps what it holds in memory until the first box (or reseals it with a new one); has nothing to read first. */
const sealsOnly = (useBox: BoxHolder['useBox']): BoxHolder => ({ loadAll: () => undefined, useBox });

/**
 * What moves to a new box when the data key changes: every profile's session, the profiles' secrets, and the
 * payments and address books kept in memory until a box came.
 */
export function keyHolders(services: KeyHolderServices): readonly BoxHolder[] {
  const { vault, profiles, book, due, payments } = services;
  const sessions: BoxHolder = {
    loadAll: () => profiles.list().forEach((profile) => vault.load(profile.id)),
    useBox: (box, tokensOnDisk) => vault.setBox(box, tokensOnDisk),
  };
  return [
    sessions,
    sealsOnly(() => profiles.resealSecrets()),
    sealsOnly(() => book.useBox()),
    sealsOnly(() => due.useBox()),
    sealsOnly((box) => payments.useBox(box)),
  ];
}
