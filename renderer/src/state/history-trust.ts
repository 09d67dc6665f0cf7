import type { HistoryIntegrity, WalletApi } from '../../../common/bridge-contract.ts';
import { unwrap } from '../lib/api.ts';

/**
 * The app store's slice of whether the signed-in customer's payment history on this computer can be trusted
 * (HistoryIntegrity): read when Pay or History opens and after a sign-in, a profile switch or an unlock, and taken
 * as it is by the customer once they have checked their online banking. Pay and History show the same answer.
 */
export interface HistoryTrustSlice {
  /** Main's last answer for whoever is signed in now; none until read (nothing is shown until then). */
  historyTrust?: HistoryIntegrity;
}

export interface HistoryTrustActions {
  /** Reads it again (nothing while nobody is signed in, or while locked: main would refuse). */
  readHistoryTrust(): void;
  /** The customer has checked their online banking: the history as it is now is taken as theirs. Throws a refusal. */
  acceptHistory(): Promise<void>;
  /** Another profile or customer, or nobody: what was known of the one before goes. */
  forgetHistoryTrust(): void;
  /**
   * Main's answer as it came with another one (History's first page brings it): taken as a read's answer would be,
   * for whoever it was asked for (`whose`, the owner when it was asked); a read or acceptance on its way still wins.
   */
  noteHistoryTrust(answer: HistoryIntegrity, whose: string | undefined): void;
  /** Whose history an answer asked for now would be about (see `noteHistoryTrust`). */
  historyOwner(): string | undefined;
}

/** Whose history an answer is about: an answer for someone else (a switch, a sign-out on its way) is dropped. */
type Owner = () => string | undefined;

export function historyTrustSlice(
  wallet: WalletApi,
  set: (patch: HistoryTrustSlice) => void,
  owner: Owner,
  readable: () => boolean,
): HistoryTrustActions {
  /** Only the answer to the latest call is taken: an earlier read that arrives after an acceptance is stale. */
  let seq = 0;
  const take = (mine: number, whose: string | undefined) => (answer: HistoryIntegrity) => {
    if (mine === seq && whose === owner()) set({ historyTrust: answer });
  };
  const actions: HistoryTrustActions = {
    readHistoryTrust() {
      if (!readable()) return;
      const mine = ++seq;
      unwrap(wallet.historyIntegrity()).then(take(mine, owner()), () => undefined);
    },
    async acceptHistory() {
      const mine = ++seq;
      const whose = owner();
      try {
        take(mine, whose)(await unwrap(wallet.acceptHistory()));
      } catch (error) {
        // A read overtaken by this call was dropped: what is on screen is read again, and the refusal said.
        if (mine === seq) actions.readHistoryTrust();
        throw error;
      }
    },
    forgetHistoryTrust() {
      seq++;
      set({ historyTrust: undefined });
    },
    noteHistoryTrust(answer, whose) {
      // Not a call of this slice's: a read or an acceptance on its way still has the last word.
      if (whose !== undefined && whose === owner()) set({ historyTrust: answer });
    },
    historyOwner: owner,
  };
  return actions;
}
