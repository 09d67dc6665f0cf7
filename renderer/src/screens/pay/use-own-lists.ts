import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { OwnAccount, Payee } from '../../../../common/address-book.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useApp, useAppStore, useWallet } from '../../state/wallet-context.tsx';
import type { PayStore } from './pay-store.ts';

export interface OwnListsOnForm {
  /** The customer's own accounts, to pay from. */
  accounts: OwnAccount[];
  /** The payees the customer saved. */
  payees: Payee[];
  setAccounts(list: OwnAccount[]): void;
  setPayees(list: Payee[]): void;
}

/**
 * The customer's own lists on the pay form: the accounts to pay from and the saved payees, read when the form opens
 * and again at each new sign-in, and kept in the pay store (the result knows a saved payee by them without asking
 * again). The draft starts on the first account when it has none.
 */
export function useOwnLists(store: PayStore, onProblem: (code: string | undefined) => void): OwnListsOnForm {
  const wallet = useWallet();
  const app = useAppStore();
  const accounts = useStore(store, (state) => state.lists.accounts);
  const payees = useStore(store, (state) => state.lists.payees);
  const { setAccounts, setPayees, payeesFailed } = useStore(store, (state) => state.actions);
  // The grant of whoever is signed in: a refusal from before it goes (under the prompt after the grant's end there is
  // nothing to read).
  const grant = useApp((state) => (state.session?.signedIn ? state.session.grantStart : undefined));
  useEffect(() => {
    if (grant === undefined) return;
    // The draft as the form opened (or the sign-in came): only read to pick a default account.
    const { draft, actions } = app.getState();
    onProblem(undefined);
    unwrap(wallet.listAccounts()).then(
      (list) => {
        setAccounts(list);
        const first = list[0];
        if (first && !draft.debtorAccount) actions.setDraft({ debtorAccount: first.accountNumber });
      },
      (error: unknown) => onProblem(errorCode(error)),
    );
    unwrap(wallet.listPayees()).then(setPayees, payeesFailed);
    // Read again only for a new grant; the problem's setter is the form's own.
  }, [wallet, grant]);
  return { accounts, payees, setAccounts, setPayees };
}
