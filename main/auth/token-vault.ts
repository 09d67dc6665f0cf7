import { z } from 'zod';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

/**
 * A profile's tokens and who they belong to, in the main process only. Sealed at rest with the keychain-protected
 * box; without one (no secure storage, and the customer did not allow weak storage) they live in memory for this
 * run only. Anything that does not open or parse reads as "signed out", never as a crash.
 */
export const StoredSessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  idToken: z.string().min(1).optional(),
  accessExpiresAt: z.number(),
  kennitala: z.string().regex(/^\d{10}$/),
  name: z.string(),
  authorizedAt: z.number(),
  grantExpiresAt: z.number(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

const keyOf = (profileId: string) => `vault.session.${profileId}`;

export class TokenVault {
  readonly #store: KeyValueStore;
  #box: SecretBox | undefined;
  readonly #memory = new Map<string, StoredSession>();

  constructor(store: KeyValueStore, box: SecretBox | undefined) {
    this.#store = store;
    this.#box = box;
  }

  /** Whether sessions survive a restart. */
  get persistent(): boolean {
    return this.#box !== undefined;
  }

  load(profileId: string): StoredSession | undefined {
    const remembered = this.#memory.get(profileId);
    if (remembered || !this.#box) return remembered;
    const sealed = this.#store.get(keyOf(profileId));
    if (typeof sealed !== 'string') return undefined;
    try {
      const session = StoredSessionSchema.parse(JSON.parse(this.#box.open(sealed)));
      this.#memory.set(profileId, session);
      return session;
    } catch {
      this.#store.delete(keyOf(profileId));
      return undefined;
    }
  }

  save(profileId: string, session: StoredSession): void {
    this.#memory.set(profileId, session);
    if (this.#box) this.#store.set(keyOf(profileId), this.#box.seal(JSON.stringify(session)));
  }

  /**
   * The customer changed where tokens may live. With a box, the sessions of this run are sealed to disk now;
   * without one, their sealed copies are deleted and they stay in memory until the app quits. Callers load every
   * profile first, so a session still only on disk is not left behind.
   */
  setBox(box: SecretBox | undefined): void {
    this.#box = box;
    for (const [profileId, session] of this.#memory) {
      if (box) this.#store.set(keyOf(profileId), box.seal(JSON.stringify(session)));
      else this.#store.delete(keyOf(profileId));
    }
  }

  delete(profileId: string): void {
    this.#memory.delete(profileId);
    this.#store.delete(keyOf(profileId));
  }
}
