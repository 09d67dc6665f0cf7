import { randomUUID } from 'node:crypto';
import type { SecretBox } from './secret-box.ts';

const MEMORY_PREFIX = 'mem:';

/**
 * The box for client secrets a tester types in. With a keychain-protected box, secrets are sealed to disk; without
 * one, the stored text is only a handle to the secret held in memory, which is gone after a restart (the profile
 * then asks for its secret again). Switching boxes at run time keeps what this run already holds.
 */
export class SwitchableBox implements SecretBox {
  #persistent: SecretBox | undefined;
  readonly #memory = new Map<string, string>();

  constructor(persistent: SecretBox | undefined) {
    this.#persistent = persistent;
  }

  use(persistent: SecretBox | undefined): void {
    this.#persistent = persistent;
  }

  seal(plain: string): string {
    if (this.#persistent) return this.#persistent.seal(plain);
    const handle = `${MEMORY_PREFIX}${randomUUID()}`;
    this.#memory.set(handle, plain);
    return handle;
  }

  open(sealed: string): string {
    if (sealed.startsWith(MEMORY_PREFIX)) {
      const plain = this.#memory.get(sealed);
      if (plain === undefined) throw new Error('The secret was kept in memory by an earlier run');
      return plain;
    }
    if (!this.#persistent) throw new Error('No key to open the secret with');
    return this.#persistent.open(sealed);
  }
}
