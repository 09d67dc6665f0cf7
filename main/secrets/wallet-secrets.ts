import type { KeyValueStore } from '../storage/key-value-store.ts';
import { openSecretBox, type KeyProtector } from './key-protector.ts';
import type { SecretBox } from './secret-box.ts';
import { SwitchableBox } from './switchable-box.ts';

/** What holds sealed secrets and must move them when the box changes: the token vault and the profiles. */
export interface BoxHolder {
  /** Reads everything it holds with the box in use, before the switch. */
  loadAll(): void;
  /** Seals what it holds with the new box (none: tokens are kept in memory only). */
  useBox(box: SecretBox | undefined): void;
}

/**
 * The wallet's boxes: the one that seals tokens, payment records and address books, which follows the token storage
 * setting, and the profiles' client secrets' box over it. Journals already open keep the box they were opened with;
 * customers opened after a switch use the new one.
 */
export class WalletSecrets {
  readonly profileSecrets: SwitchableBox;
  readonly #open: () => Promise<SecretBox | undefined>;
  #box: SecretBox | undefined;

  private constructor(open: () => Promise<SecretBox | undefined>, box: SecretBox | undefined) {
    this.#open = open;
    this.#box = box;
    this.profileSecrets = new SwitchableBox(box);
  }

  static async open(store: KeyValueStore, protector: KeyProtector, allowWeak: () => boolean): Promise<WalletSecrets> {
    await protector.prepare?.();
    const open = () => openSecretBox(store, protector, allowWeak());
    return new WalletSecrets(open, await open());
  }

  /** The box in use now (undefined: nothing may be sealed to disk). */
  box(): SecretBox | undefined {
    return this.#box;
  }

  /** Where secrets may live changed: each holder reads what it has, then seals it again with the new box. */
  async switchBox(holders: readonly BoxHolder[]): Promise<void> {
    for (const holder of holders) holder.loadAll();
    const next = await this.#open();
    this.#box = next;
    this.profileSecrets.use(next);
    for (const holder of holders) holder.useBox(next);
  }
}
