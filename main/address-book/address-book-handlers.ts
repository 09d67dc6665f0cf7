import type { HandlerTable } from '../../common/bridge-contract.ts';
import type { SessionService } from '../auth/session-service.ts';
import type { AddressBook } from './address-book.ts';

export type AddressBookHandlers = Pick<
  HandlerTable,
  'listAccounts' | 'saveAccount' | 'removeAccount' | 'listPayees' | 'savePayee' | 'removePayee'
>;

/** The signed-in customer's own accounts and saved payees in the active profile; nobody else's. */
export function addressBookHandlers(options: {
  book: AddressBook;
  sessions: SessionService;
  activeProfile(): string;
}): AddressBookHandlers {
  const { book, sessions, activeProfile } = options;
  const owner = (): [string, string] => {
    const profileId = activeProfile();
    return [profileId, sessions.customer(profileId).kennitala];
  };
  return {
    listAccounts: () => book.accounts(...owner()),
    saveAccount: (input) => book.saveAccount(...owner(), input),
    removeAccount: ({ id }) => book.removeAccount(...owner(), id),
    listPayees: () => book.payees(...owner()),
    savePayee: (input) => book.savePayee(...owner(), input),
    removePayee: ({ id }) => book.removePayee(...owner(), id),
  };
}
