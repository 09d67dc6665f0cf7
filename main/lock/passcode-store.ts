import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import {
  newPasscode,
  openWithPasscode,
  PASSCODE_KDF,
  PasscodeRecordSchema,
  type KdfParams,
  type PasscodeRecord,
} from './passcode.ts';
import type { WrongTries } from './wrong-tries.ts';

const PASSCODE_KEY = 'lock.passcode';

export interface PasscodeStoreOptions {
  store: KeyValueStore;
  /** The count of wrong tries kept beside the passcode: written and removed in step with it. */
  tries: WrongTries;
  /** The cost of deriving a passcode; tests and the harness make it cheap. */
  kdf?: KdfParams | undefined;
}

/** What a check found: the passcode's key, or a wrong passcode (`wiped`: the one that ends every sign-in). */
export type PasscodeCheck = { right: true; key: Buffer } | { right: false; wiped: boolean };

/**
 * The passcode as stored (passcode.ts's record in the settings), its check within the waits of WrongTries, and its
 * changes. Every bridge call asks whether a passcode is set: the record is read and parsed once, at start, and every
 * change goes through here.
 */
export class PasscodeStore {
  readonly #options: PasscodeStoreOptions;
  #stored: PasscodeRecord | 'damaged' | undefined;

  constructor(options: PasscodeStoreOptions) {
    this.#options = options;
    const stored = options.store.get(PASSCODE_KEY);
    const parsed = PasscodeRecordSchema.safeParse(stored);
    this.#stored = stored === undefined ? undefined : parsed.success ? parsed.data : 'damaged';
    if (this.#stored && this.#stored !== 'damaged') options.tries.start(this.#stored);
  }

  /** The passcode as stored: `damaged` keeps the app locked. */
  get record(): PasscodeRecord | 'damaged' | undefined {
    return this.#stored;
  }

  /** A new record for `passcode` (not stored yet: see `save`), and the key it protects the data key with. */
  make(passcode: string): Promise<{ record: PasscodeRecord; key: Buffer }> {
    return newPasscode(passcode, this.#options.kdf ?? PASSCODE_KDF);
  }

  /**
   * Checks a passcode against the stored one, within the waits; counts it, on disk, when wrong. The try is written as
   * wrong before the passcode is checked (WrongTries.ahead). Undefined where no passcode is set.
   */
  async check(passcode: string): Promise<PasscodeCheck | undefined> {
    const record = this.#stored;
    if (!record) return undefined;
    if (record === 'damaged') {
      throw new WalletError('PASSCODE_DAMAGED', 'The stored passcode is damaged: use “Forgot passcode”');
    }
    const { tries } = this.#options;
    if (tries.waitUntil() !== undefined) {
      throw new WalletError('PASSCODE_WAIT', 'Too many wrong passcodes: wait before trying again');
    }
    // Counted as wrong before it is checked: this write failing refuses the try.
    tries.ahead();
    const opened = await openWithPasscode(passcode, record);
    if (opened) {
      // A record of version 1 becomes version 2 now (see passcode.ts); `save` starts the count again first.
      if (opened.upgraded) this.save(opened.upgraded);
      else tries.none();
      return { right: true, key: opened.key };
    }
    return { right: false, wiped: tries.wrong() };
  }

  /**
   * A new passcode record (set, changed, or upgraded), or none. While a passcode is set a tries record is always
   * kept (see WrongTries.start), so it is written before the passcode and removed after it: a crash in between leaves
   * a count of none beside the old passcode, or a count beside no passcode, which means nothing.
   */
  save(record: PasscodeRecord | undefined): void {
    if (record) {
      this.#options.tries.none();
      this.#options.store.set(PASSCODE_KEY, record);
    } else {
      this.#options.store.delete(PASSCODE_KEY);
      this.#options.tries.clear();
    }
    this.#stored = record;
  }
}
