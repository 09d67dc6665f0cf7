import { gmtDay } from './clock.ts';
import { findAccount, sandboxUsers } from './users.ts';
import type { SandboxUser } from './users.ts';

/** Balances of the sandbox accounts and what each customer has paid per GMT day. Amounts are integer krónur. */
export class Ledger {
  readonly #balances = new Map<string, number>();
  /** `${kennitala}/${gmtDay}` -> krónur accepted that day. */
  readonly #paid = new Map<string, number>();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.#balances.clear();
    this.#paid.clear();
    for (const user of sandboxUsers) {
      for (const account of user.accounts) this.#balances.set(account.id, account.openingBalance);
    }
  }

  balance(accountId: string): number | undefined {
    return this.#balances.get(accountId);
  }

  /** Counted against the daily limit today, including what the user "spent elsewhere" before the sandbox started. */
  paidOn(user: SandboxUser, nowMs: number): number {
    return user.spentEveryDay + (this.#paid.get(`${user.kennitala}/${gmtDay(nowMs)}`) ?? 0);
  }

  book(debtor: SandboxUser, debtorAccountId: string, depositAccountId: string, amount: number, nowMs: number): void {
    this.#balances.set(debtorAccountId, (this.#balances.get(debtorAccountId) ?? 0) - amount);
    if (findAccount(depositAccountId)) {
      this.#balances.set(depositAccountId, (this.#balances.get(depositAccountId) ?? 0) + amount);
    }
    const key = `${debtor.kennitala}/${gmtDay(nowMs)}`;
    this.#paid.set(key, (this.#paid.get(key) ?? 0) + amount);
  }
}
