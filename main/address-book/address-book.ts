import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  OwnAccountInputSchema,
  OwnAccountSchema,
  PayeeInputSchema,
  PayeeSchema,
  type OwnAccount,
  type OwnAccountInput,
  type Payee,
  type PayeeInput,
} from '../../common/address-book.ts';
import { normalizeAccountNumber } from '../../common/account-number.ts';
import { checkKennitala } from '../../common/kennitala.ts';
import type { Clock } from '../../common/time.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { CustomerRecords } from '../secrets/customer-records.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';

/**
 * The customer's own accounts and saved payees, kept per profile and per signed-in customer: a tester who signs
 * in as another person in the same profile sees that person's book, not the last one's. Sealed at rest per customer
 * (CustomerRecords); with no protected key, kept in memory for this run only.
 */
const BookSchema = z.object({
  accounts: z.array(OwnAccountSchema).default([]),
  payees: z.array(PayeeSchema).default([]),
});
type Book = z.infer<typeof BookSchema>;
const BooksSchema = z.record(z.string(), z.unknown());

/** Where books were kept in clear before they were sealed: read once, then moved. */
const legacyKeyOf = (profileId: string) => `addressBook.${profileId}`;

export interface AddressBookOptions {
  store: KeyValueStore;
  clock: Clock;
  /** The box of this moment; undefined where nothing may be written. */
  box?: () => SecretBox | undefined;
  newId?: () => string;
}

export class AddressBook {
  readonly #options: AddressBookOptions;
  readonly #books: CustomerRecords<Book>;

  constructor(options: AddressBookOptions) {
    this.#options = options;
    const { store } = options;
    this.#books = new CustomerRecords<Book>({
      store,
      ...(options.box ? { box: options.box } : {}),
      name: 'addressBook',
      schema: BookSchema,
      empty: () => ({ accounts: [], payees: [] }),
      legacy: {
        // A book from before books were sealed, in clear under the profile; moved out of it once sealed.
        read: (profileId, owner) => {
          const books = BooksSchema.safeParse(store.get(legacyKeyOf(profileId)));
          const parsed = BookSchema.safeParse(books.success ? (books.data[owner] ?? {}) : {});
          const book = parsed.success ? parsed.data : undefined;
          return book && (book.accounts.length > 0 || book.payees.length > 0) ? book : undefined;
        },
        forget: (profileId, owner) => {
          const legacy = BooksSchema.safeParse(store.get(legacyKeyOf(profileId)));
          if (!legacy.success || !(owner in legacy.data)) return;
          const { [owner]: _moved, ...rest } = legacy.data;
          if (Object.keys(rest).length === 0) store.delete(legacyKeyOf(profileId));
          else store.set(legacyKeyOf(profileId), rest);
        },
      },
    });
  }

  /** A box has come: books kept in memory until now are sealed (CustomerRecords.useBox). */
  useBox(): void {
    this.#books.useBox();
  }

  #read(profileId: string, owner: string): Book {
    return this.#books.read(profileId, owner);
  }

  #write(profileId: string, owner: string, book: Book): void {
    this.#books.write(profileId, owner, book);
  }

  #newId(): string {
    return (this.#options.newId ?? randomUUID)();
  }

  accounts(profileId: string, owner: string): OwnAccount[] {
    return this.#read(profileId, owner).accounts;
  }

  /** Adds an account, or relabels one: the same number is never listed twice. */
  saveAccount(profileId: string, owner: string, input: OwnAccountInput): OwnAccount[] {
    const { id, accountNumber, label } = OwnAccountInputSchema.parse(input);
    const digits = normalizeAccountNumber(accountNumber);
    if (!digits) throw new WalletError('INVALID_ACCOUNT_NUMBER', 'The account number is not 4+2+6 digits');
    const book = this.#read(profileId, owner);
    const same = book.accounts.find((account) => account.id === id || account.accountNumber === digits);
    const saved: OwnAccount = { id: same?.id ?? this.#newId(), accountNumber: digits, label: label.trim() };
    const accounts = book.accounts.filter((account) => account.id !== saved.id && account.accountNumber !== digits);
    this.#write(profileId, owner, { ...book, accounts: [...accounts, saved] });
    return this.accounts(profileId, owner);
  }

  removeAccount(profileId: string, owner: string, id: string): OwnAccount[] {
    const book = this.#read(profileId, owner);
    this.#write(profileId, owner, { ...book, accounts: book.accounts.filter((account) => account.id !== id) });
    return this.accounts(profileId, owner);
  }

  payees(profileId: string, owner: string): Payee[] {
    return this.#read(profileId, owner).payees;
  }

  /** Adds a payee, or renames one: the same kennitala and account are never listed twice. */
  savePayee(profileId: string, owner: string, input: PayeeInput): Payee[] {
    const parsed = PayeeInputSchema.parse(input);
    const name = parsed.name.trim();
    if (!name) throw new WalletError('INVALID_PAYEE_NAME', 'A payee needs a name');
    const kennitala = checkKennitala(parsed.kennitala);
    if (!kennitala.ok) throw new WalletError('INVALID_KENNITALA', `The kennitala is not valid (${kennitala.error})`);
    const digits = normalizeAccountNumber(parsed.accountNumber);
    if (!digits) throw new WalletError('INVALID_ACCOUNT_NUMBER', 'The account number is not 4+2+6 digits');
    const book = this.#read(profileId, owner);
    const same = book.payees.find(
      (payee) => payee.id === parsed.id || (payee.kennitala === kennitala.value && payee.accountNumber === digits),
    );
    const saved: Payee = {
      id: same?.id ?? this.#newId(),
      name,
      kennitala: kennitala.value,
      accountNumber: digits,
      createdAt: same?.createdAt ?? this.#options.clock.now(),
    };
    const payees = book.payees.filter(
      (payee) => payee.id !== saved.id && !(payee.kennitala === saved.kennitala && payee.accountNumber === digits),
    );
    this.#write(profileId, owner, { ...book, payees: [...payees, saved] });
    return this.payees(profileId, owner);
  }

  removePayee(profileId: string, owner: string, id: string): Payee[] {
    const book = this.#read(profileId, owner);
    this.#write(profileId, owner, { ...book, payees: book.payees.filter((payee) => payee.id !== id) });
    return this.payees(profileId, owner);
  }

  /**
   * A backup's accounts and payees added to this customer's book (main/backup): an account number or a payee
   * (kennitala and account) already here is kept as it is here; the rest are added with their own ids.
   */
  merge(
    profileId: string,
    owner: string,
    from: { accounts: readonly OwnAccount[]; payees: readonly Payee[] },
  ): { accounts: number; payees: number } {
    const book = this.#read(profileId, owner);
    const accountsHere = new Set(book.accounts.map((account) => account.accountNumber));
    const payeesHere = new Set(book.payees.map((payee) => `${payee.kennitala}|${payee.accountNumber}`));
    const ids = new Set([...book.accounts, ...book.payees].map((entry) => entry.id));
    const fresh = <T extends { id: string }>(entry: T): T =>
      ids.has(entry.id) ? { ...entry, id: this.#newId() } : entry;
    const accounts = from.accounts.filter((account) => !accountsHere.has(account.accountNumber)).map(fresh);
    const payees = from.payees
      .filter((payee) => !payeesHere.has(`${payee.kennitala}|${payee.accountNumber}`))
      .map(fresh);
    if (accounts.length > 0 || payees.length > 0) {
      this.#write(profileId, owner, { accounts: [...book.accounts, ...accounts], payees: [...book.payees, ...payees] });
    }
    return { accounts: accounts.length, payees: payees.length };
  }
}
