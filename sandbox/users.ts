/**
 * The six sandbox users of the issue. Each one exists to trigger one of the bank's simulated cases, so a tester can
 * reach every error by choosing who logs in.
 */
export const SANDBOX_PASSWORD = 'sandbox';

export type AccountProduct = 'payment' | 'savings';

export interface SandboxAccount {
  /** 12 digits, the wire form. */
  id: string;
  role: 'primary' | 'secondary';
  /** Only payment accounts may be debited through the API (bank-service.md, Limits: "payment accounts only"). */
  product: AccountProduct;
  openingBalance: number;
}

export interface SandboxUser {
  username: string;
  name: string;
  kennitala: string;
  accounts: readonly SandboxAccount[];
  mayInitiate: boolean;
  /** Krónur already paid today (GMT) through other solutions, counted on every day. */
  spentEveryDay: number;
  /** Shown on the login page: what logging in as this user lets a tester see. */
  behaviour: string;
}

function primary(id: string, openingBalance: number, product: AccountProduct = 'payment'): SandboxAccount {
  return { id, role: 'primary', product, openingBalance };
}

function secondary(id: string): SandboxAccount {
  return { id, role: 'secondary', product: 'payment', openingBalance: 0 };
}

export const DAILY_LIMIT_ISK = 200_000;

export const sandboxUsers: readonly SandboxUser[] = [
  {
    username: 'anna',
    name: 'Anna Jónsdóttir',
    kennitala: '1203852089',
    accounts: [primary('013326012345', 1_500_000), secondary('013315012346')],
    mayInitiate: true,
    spentEveryDay: 0,
    behaviour: 'Everything works.',
  },
  {
    username: 'bjorn',
    name: 'Björn Sigurðsson',
    kennitala: '0507922189',
    accounts: [primary('013326020001', 800_000), secondary('013315020002')],
    mayInitiate: true,
    spentEveryDay: 0,
    behaviour: 'A second customer, and a payee whose balance rises.',
  },
  {
    username: 'gudrun',
    name: 'Guðrún Ólafsdóttir',
    kennitala: '2311642009',
    accounts: [],
    mayInitiate: true,
    spentEveryDay: 0,
    behaviour: 'No account can be found: any debtor account gives DebtorAccountNotFound.',
  },
  {
    username: 'einar',
    name: 'Einar Pálsson',
    kennitala: '3006012000',
    accounts: [primary('013305030001', 250_000, 'savings'), secondary('013315030002')],
    mayInitiate: true,
    spentEveryDay: 0,
    behaviour: 'The primary account is of the wrong product: InvalidAccountProduct.',
  },
  {
    username: 'sigga',
    name: 'Sigríður Helgadóttir',
    kennitala: '1712782019',
    accounts: [primary('013326040001', 900_000), secondary('013315040002')],
    mayInitiate: true,
    spentEveryDay: DAILY_LIMIT_ISK,
    behaviour: 'Has used up the daily limit today: OverDailyAmount.',
  },
  {
    username: 'olafur',
    name: 'Ólafur Magnússon',
    kennitala: '0909552099',
    accounts: [primary('013326050001', 500_000)],
    mayInitiate: false,
    spentEveryDay: 0,
    behaviour: 'May not initiate payments: NotAuthorizedToPost.',
  },
];

const byUsername = new Map(sandboxUsers.map((user) => [user.username, user]));

export function findUser(username: string): SandboxUser | undefined {
  return byUsername.get(username);
}

/** Any sandbox account by its 12-digit id, with its owner: a payee inside the sandbox is credited. */
export function findAccount(id: string): { user: SandboxUser; account: SandboxAccount } | undefined {
  for (const user of sandboxUsers) {
    const account = user.accounts.find((candidate) => candidate.id === id);
    if (account) return { user, account };
  }
  return undefined;
}
