import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import {
  dropCopies,
  moveKeys,
  PASSCODE_WRAPS,
  PASSPHRASE_MARKS,
  readCopies,
  setAsideWraps,
  wrapsIn,
  writeCopies,
} from './key-copies.ts';
import {
  DATA_KEY,
  DATA_KEY_CHECK,
  KeychainUnavailableError,
  openDataKey,
  setAsideDataKey,
  type KeyProtector,
  type PatienceOptions,
} from './key-protector.ts';
import { aesGcmBox, newDataKey, type SecretBox } from './secret-box.ts';
import type { BoxHolder, PasscodeKeyEvent } from './secrets-ports.ts';
import { SwitchableBox } from './switchable-box.ts';

// The shapes WalletSecrets speaks to its holders and hears from the lock in, kept where importers need not load it.
export type { BoxHolder, PasscodeKeyEvent } from './secrets-ports.ts';

export interface WalletSecretsOptions {
  /**
   * Where the data key and its copies live: a small file of their own (`data-key.json`), written atomically and never
   * cleared (a damaged one is set aside). Without it, `store` (tests of the key's logic alone).
   */
  keys?: KeyValueStore;
  /** The settings: where earlier versions kept the key's copies; they are moved to `keys` at the first start. */
  store: KeyValueStore;
  protector: KeyProtector;
  /** The customer accepted the fixed key of Linux's `basic_text` (Settings). */
  allowWeak(): boolean;
  /** A passcode is set (the lock's stored record): where the keychain is weak, the data key then waits for it. */
  passcodeSet: boolean;
  /** How long a keychain that is temporarily unavailable is waited for at each try (tests make it instant). */
  patience?: PatienceOptions;
}

/**
 * The wallet's boxes: the one that seals tokens, payment records and address books, and the profiles' client
 * secrets' box over it. The data key is protected by the OS keychain; where the keychain is weak or missing, by the
 * customer's passcode once one is set (the app starts locked, and the box opens with the passcode), else by the
 * fixed key the customer accepted, else by nothing: then nothing is sealed to disk. Journals already open keep the
 * box they were opened with; customers opened after a switch use the new one.
 */
export class WalletSecrets {
  readonly profileSecrets: SwitchableBox;
  readonly #options: WalletSecretsOptions;
  #key: Buffer | undefined;
  #box: SecretBox | undefined;
  /** The data key is stored under the passcode's key, and no other way. */
  #guarded: boolean;
  /** Where guarded: the passcode carries the passphrase's mark (undefined until it is entered). */
  #passphrase: boolean | undefined;
  /** What the holders were last told of tokens on disk (see BoxHolder.useBox). */
  #tokensOnDiskTold = true;
  /** The stored key that the keychain did not open (issue 39): the app is locked to its data until it does. */
  #unavailable: KeychainUnavailableError['reason'] | undefined;
  /** The key file (or the settings, where none is given). */
  readonly #keys: KeyValueStore;

  private constructor(
    options: WalletSecretsOptions,
    key: Buffer | undefined,
    guarded: boolean,
    unavailable?: KeychainUnavailableError['reason'],
  ) {
    this.#options = options;
    this.#keys = options.keys ?? options.store;
    this.#unavailable = unavailable;
    this.#key = key;
    this.#box = key && aesGcmBox(key);
    this.#guarded = guarded;
    this.profileSecrets = new SwitchableBox(this.#box);
  }

  static async open(options: WalletSecretsOptions): Promise<WalletSecrets> {
    const { protector } = options;
    const store = moveKeys(options);
    await protector.prepare?.();
    const secure = protector.status().secure;
    // Copies left by a passcode whose record was never stored (the app stopped in between) open nothing: gone.
    if (!options.passcodeSet && store.get(PASSCODE_WRAPS) !== undefined) store.delete(PASSCODE_WRAPS);
    if (!options.passcodeSet && store.get(PASSPHRASE_MARKS) !== undefined) store.delete(PASSPHRASE_MARKS);
    // The passcode's copy is the one to open: where the keychain is weak, and where a keychain came since (the
    // keychain has no copy yet; the passcode's key hands the data key over to it at the unlock).
    const guarded = options.passcodeSet && wrapsIn(store).length > 0 && (!secure || store.get(DATA_KEY) === undefined);
    if (guarded) return new WalletSecrets(options, undefined, guarded);
    try {
      return new WalletSecrets(
        options,
        await openDataKey(store, protector, options.allowWeak(), undefined, options.patience),
        false,
      );
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      return new WalletSecrets(options, undefined, false, error.reason);
    }
  }

  /**
   * The stored data key that the keychain did not open at start (issue 39): `temporary`, the keychain was not ready;
   * `refused`, it opened neither the key nor its check. Until it opens, the app is locked to its data.
   */
  keychainUnavailable(): KeychainUnavailableError['reason'] | undefined {
    return this.#unavailable;
  }

  /**
   * "Try again" once the customer unlocked the keychain: the stored key opens now, and everything held moves to it, as
   * at an unlock. Throws KeychainUnavailableError (with the reason now) where it still does not.
   */
  async retryKeychain(holders: readonly BoxHolder[]): Promise<void> {
    if (this.#unavailable === undefined) return;
    const { protector, allowWeak, patience } = this.#options;
    await protector.prepare?.();
    try {
      const key = await openDataKey(this.#keys, protector, allowWeak(), undefined, patience);
      this.#unavailable = undefined;
      await this.#use(key, holders);
    } catch (error) {
      if (error instanceof KeychainUnavailableError) this.#unavailable = error.reason;
      throw error;
    }
  }

  /**
   * The customer's choice where the keychain will not open the key again (a copied profile, a keychain reset): the
   * stored key is set aside (kept in the key file, never deleted, so the data it sealed can still be opened should the
   * keychain come back) and a new one is made. What the old key sealed reads as absent; the bank still has every
   * payment.
   */
  async startAfresh(holders: readonly BoxHolder[]): Promise<void> {
    if (this.#unavailable === undefined) return;
    const { protector, allowWeak, patience } = this.#options;
    setAsideDataKey(this.#keys, Date.now());
    const key = await openDataKey(this.#keys, protector, allowWeak(), undefined, patience);
    this.#unavailable = undefined;
    await this.#use(key, holders);
  }

  /** The box in use now (undefined: nothing may be sealed to disk, or the passcode has not been entered yet). */
  box(): SecretBox | undefined {
    return this.#box;
  }

  /** The passcode, where the keychain is weak, is what keeps secrets on disk (Settings says so). */
  passcodeGuards(): boolean {
    return this.#guarded;
  }

  /**
   * A passcode set now would be what encrypts the data key (the keychain protects nothing), so it must be a strong
   * passphrase (common/passcode-rules.ts): the lock's rules say so.
   */
  passphraseRequired(): boolean {
    return !this.#options.protector.status().secure;
  }

  /**
   * The passcode that guards the data key is not known to be a strong passphrase (set before this rule): sign-in
   * tokens are kept in memory only, and Settings asks for a passphrase. Known once the passcode has been entered.
   */
  passcodeTooWeak(): boolean {
    return this.#guarded && this.#passphrase === false;
  }

  /** Forgetting the passcode now would lose the data key: only the passcode's copy of it exists, and it is not open. */
  forgetLosesData(): boolean {
    return this.#guarded && this.#key === undefined;
  }

  /** Where secrets may live changed (Settings): unless the passcode guards the data key, the box follows the choice. */
  async switchBox(holders: readonly BoxHolder[]): Promise<void> {
    if (this.#guarded) return;
    const { protector, allowWeak } = this.#options;
    const store = this.#keys;
    await this.#use(await openDataKey(store, protector, allowWeak(), this.#key), holders);
  }

  /** The app lock's news of the passcode (see `PasscodeKeyEvent`); nothing to do where the keychain is real. */
  async passcodeKey(event: PasscodeKeyEvent, holders: readonly BoxHolder[]): Promise<void> {
    if (this.#options.protector.status().secure) {
      if (event.kind === 'opened' && this.#guarded) await this.#toKeychain(event.key, holders);
      return;
    }
    if (event.kind === 'removed') return this.#removed(holders);
    if (event.kind === 'forgotten') return this.#forgotten(holders);
    await this.#wrapUnder(event.key, event.kind === 'staged', holders);
  }

  /** Seals the data key under the passcode's key: the one this run holds, else the one stored, else a new one. */
  async #wrapUnder(passcodeKey: Buffer, staged: boolean, holders: readonly BoxHolder[]): Promise<void> {
    const store = this.#keys;
    const read = readCopies(store, passcodeKey);
    const { stored, found, marked } = read;
    // A new passcode met the passphrase rule; an entered one is strong only if it was marked when it was set.
    const passphrase = staged || marked.includes(true);
    // An unlock like the last: nothing to write.
    const settled = this.#guarded && stored.length === 1 && store.get(DATA_KEY) === undefined;
    if (!staged && settled && found && this.#key?.equals(found) && this.#passphrase === passphrase) return;
    const key = this.#key ?? found ?? newDataKey();
    // The passcode was checked by the lock, so copies it does not open are damaged: kept aside, never just dropped.
    if (!staged && found === undefined && stored.length > 0) setAsideWraps(store, stored);
    // While a change is stored, the old passcode's copy (and mark) stays beside the new one; once it is, only the new.
    writeCopies(store, read, key, staged, passphrase);
    // Once the passcode's record is stored, its copy is the only one (until then, a failed change leaves things as
    // they were).
    if (!staged) {
      store.delete(DATA_KEY);
      store.delete(DATA_KEY_CHECK);
      this.#guarded = true;
      this.#passphrase = passphrase;
    }
    await this.#use(key, holders);
  }

  /** A keychain came since the passcode kept the data key: the keychain keeps it from now on, the same key. */
  async #toKeychain(passcodeKey: Buffer, holders: readonly BoxHolder[]): Promise<void> {
    const { protector } = this.#options;
    const store = this.#keys;
    const { found } = readCopies(store, passcodeKey);
    const key = await openDataKey(store, protector, false, this.#key ?? found);
    this.#unguard();
    if (key) await this.#use(key, holders);
  }

  /** Without a passcode the data key can be kept only under the fixed key, and only if the customer accepted it. */
  async #removed(holders: readonly BoxHolder[]): Promise<void> {
    if (!this.#guarded) return;
    const { protector, allowWeak } = this.#options;
    const store = this.#keys;
    const status = protector.status();
    if (status.secure || status.reason !== 'basic_text' || !allowWeak()) {
      throw new WalletError(
        'PASSCODE_KEEPS_DATA',
        'On this computer the passcode is what encrypts your sign-in and payments: it cannot be removed',
      );
    }
    const key = await openDataKey(store, protector, true, this.#key);
    this.#unguard();
    if (key) await this.#use(key, holders);
  }

  /**
   * The passcode is gone without being entered: its copy of the data key goes too. A key this run holds (the app
   * locked while in use) stays in use, so that a new passcode set now keeps everything; after a start, the key was
   * never opened and what it sealed is lost to this machine (the tokens are ended anyway; the payments are still at
   * the bank). The fixed key, if accepted, or memory then take over.
   */
  async #forgotten(holders: readonly BoxHolder[]): Promise<void> {
    const { protector, allowWeak } = this.#options;
    const store = this.#keys;
    this.#unguard();
    const key = await openDataKey(store, protector, allowWeak(), this.#key);
    if (key) await this.#use(key, holders);
  }

  /** The passcode no longer holds the data key: its copies and marks go. */
  #unguard(): void {
    dropCopies(this.#keys);
    this.#guarded = false;
    this.#passphrase = undefined;
  }

  /** Tokens may be sealed to disk unless only a passcode too weak for them guards the data key. */
  #tokensOnDisk(): boolean {
    return !this.passcodeTooWeak();
  }

  /**
   * The holders move to the key (a new one, or the same where only what may be on disk changed). Where tokens must
   * stay off the disk, everything is read again with the new box: sessions sealed by an earlier run, which only it
   * opens, are read into memory and their sealed copies deleted, so the customer stays signed in until the app quits.
   */
  async #use(key: Buffer | undefined, holders: readonly BoxHolder[]): Promise<void> {
    const tokensOnDisk = this.#tokensOnDisk();
    if (key === this.#key && tokensOnDisk === this.#tokensOnDiskTold) return;
    for (const holder of holders) holder.loadAll();
    if (key !== this.#key) {
      this.#key = key;
      this.#box = key && aesGcmBox(key);
      this.profileSecrets.use(this.#box);
    }
    this.#tokensOnDiskTold = tokensOnDisk;
    for (const holder of holders) await holder.useBox(this.#box, tokensOnDisk);
    if (!tokensOnDisk) for (const holder of holders) holder.loadAll();
  }
}
