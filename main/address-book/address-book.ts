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
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';

/**
 * The customer's own accounts and saved payees, kept per profile and per signed-in customer: a tester who signs
 * in as another person in the same profile sees that person's book, not the last one's. At rest each book is
 * sealed under the data key (named by a keyed tag, so neither the kennitala nor the payees show); with no protected
 * key it is kept in memory for this run only.
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

  constructor(options: AddressBookOptions) {
    this.#options = options;
  }

  /** Books kept in memory (no box when they were written), with whose they are. */
  readonly #memory = new Map<string, { profileId: string; owner: string; book: Book }>();

  /**
   * A box has come (a passcode set, or the fixed key accepted): books kept in memory until now are sealed to the
   * store, unless one is stored there already for the same customer (from an earlier run), which is left as it is.
   */
  useBox(): void {
    for (const [key, { profileId, owner, book }] of this.#memory) {
      const place = this.#place(profileId, owner);
      if (!place || this.#options.store.get(place.key) !== undefined) continue;
      this.#write(profileId, owner, book);
      this.#memory.delete(key);
    }
  }

  #place(profileId: string, owner: string): { box: SecretBox; key: string; context: string } | undefined {
    const box = this.#options.box?.();
    const tag = box?.tag?.(`${profileId}|${owner}`);
    if (!box || !tag) return undefined;
    return { box, key: `addressBook.${profileId}.${tag}`, context: `a2a-wallet/address-book/v1|${profileId}|${tag}` };
  }

  #read(profileId: string, owner: string): Book {
    const place = this.#place(profileId, owner);
    if (!place) return this.#memory.get(`${profileId}|${owner}`)?.book ?? this.#legacy(profileId, owner);
    const sealed = this.#options.store.get(place.key);
    if (typeof sealed !== 'string') {
      const legacy = this.#legacy(profileId, owner);
      if (legacy.accounts.length > 0 || legacy.payees.length > 0) this.#write(profileId, owner, legacy);
      return legacy;
    }
    try {
      const parsed = BookSchema.safeParse(JSON.parse(place.box.open(sealed, place.context)));
      // A book broken by hand reads as empty rather than stopping payments; it is rewritten on the next save.
      return parsed.success ? parsed.data : { accounts: [], payees: [] };
    } catch {
      return { accounts: [], payees: [] };
    }
  }

  /** A book from before books were sealed, in clear under the profile; moved out of it once sealed. */
  #legacy(profileId: string, owner: string): Book {
    const books = BooksSchema.safeParse(this.#options.store.get(legacyKeyOf(profileId)));
    const parsed = BookSchema.safeParse(books.success ? (books.data[owner] ?? {}) : {});
    return parsed.success ? parsed.data : { accounts: [], payees: [] };
  }

  #write(profileId: string, owner: string, book: Book): void {
    const place = this.#place(profileId, owner);
    if (!place) {
      this.#memory.set(`${profileId}|${owner}`, { profileId, owner, book });
      return;
    }
    this.#options.store.set(place.key, place.box.seal(JSON.stringify(book), place.context));
    const legacy = BooksSchema.safeParse(this.#options.store.get(legacyKeyOf(profileId)));
    if (legacy.success && owner in legacy.data) {
      const { [owner]: _moved, ...rest } = legacy.data;
      if (Object.keys(rest).length === 0) this.#options.store.delete(legacyKeyOf(profileId));
      else this.#options.store.set(legacyKeyOf(profileId), rest);
    }
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
}
