import { z } from 'zod';
import { SIGNED_OUT_REASONS } from '../../common/session.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';

/**
 * A profile's tokens and who they belong to, in the main process only. Sealed at rest with the keychain-protected
 * box; without one (no secure storage, and the customer did not allow weak storage) they live in memory for this
 * run only, and so do the tokens alone where the box is guarded by a passcode too weak for them (who signed in is
 * still sealed to disk). Anything that does not open or parse reads as "signed out", never as a crash.
 */
/**
 * Where the tokens were issued and may be used: the token endpoint and issuer they came from, the client they were
 * issued to, and the profile settings in force then (see binding.ts). A session whose profile no longer matches is
 * ended rather than used, so tokens never reach a host they were not issued for.
 */
export const SessionBindingSchema = z.object({
  baseUrl: z.string(),
  authUrl: z.string(),
  clientId: z.string(),
  tokenEndpoint: z.string().min(1),
  issuer: z.string().optional(),
  /** Every other setting that decides where tokens go or who they identify, as one canonical string. */
  settings: z.string(),
});
export type SessionBinding = z.infer<typeof SessionBindingSchema>;

export const StoredSessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  idToken: z.string().min(1).optional(),
  accessExpiresAt: z.number(),
  kennitala: z.string().regex(/^\d{10}$/),
  name: z.string(),
  authorizedAt: z.number(),
  grantExpiresAt: z.number(),
  // Required: a session stored before bindings existed reads as signed out rather than as bound to anything.
  binding: SessionBindingSchema,
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;

/**
 * How the profile's last sign-in ended, and who it was while the customer is still known (a grant that ended or was
 * withdrawn keeps them known, so their history stays theirs; an explicit sign-out forgets them).
 */
export const LastSignInSchema = z.object({
  customer: z.object({ kennitala: z.string().regex(/^\d{10}$/), name: z.string() }).optional(),
  reason: z.enum(SIGNED_OUT_REASONS).optional(),
});
export type LastSignIn = z.infer<typeof LastSignInSchema>;

const keyOf = (profileId: string) => `vault.session.${profileId}`;
const lastKeyOf = (profileId: string) => `vault.last.${profileId}`;

export class TokenVault {
  readonly #store: KeyValueStore;
  #box: SecretBox | undefined;
  /**
   * Sessions (their tokens) may be sealed to disk with the box. False where only a passcode too weak for them guards
   * the box (see WalletSecrets.passcodeTooWeak): a copy of the data folder would give them up in hours.
   */
  #sessionsOnDisk = true;
  readonly #memory = new Map<string, StoredSession>();
  readonly #last = new Map<string, LastSignIn>();

  constructor(store: KeyValueStore, box: SecretBox | undefined) {
    this.#store = store;
    this.#box = box;
  }

  /** Whether sessions survive a restart. */
  get persistent(): boolean {
    return this.#box !== undefined && this.#sessionsOnDisk;
  }

  load(profileId: string): StoredSession | undefined {
    // The last sign-in's record too, so that setBox (callers load every profile first) moves it with the session.
    this.loadLast(profileId);
    const remembered = this.#memory.get(profileId);
    if (remembered || !this.#box) return remembered;
    const sealed = this.#store.get(keyOf(profileId));
    if (typeof sealed !== 'string') return undefined;
    try {
      const session = StoredSessionSchema.parse(JSON.parse(this.#box.open(sealed)));
      this.#memory.set(profileId, session);
      // Sealed by an earlier run, before tokens had to stay off the disk: kept for this run, in memory only.
      if (!this.#sessionsOnDisk) this.#store.delete(keyOf(profileId));
      return session;
    } catch {
      this.#store.delete(keyOf(profileId));
      return undefined;
    }
  }

  save(profileId: string, session: StoredSession): void {
    this.#memory.set(profileId, session);
    if (this.#box && this.#sessionsOnDisk) this.#store.set(keyOf(profileId), this.#box.seal(JSON.stringify(session)));
  }

  /**
   * The customer changed where tokens may live. With a box, the sessions of this run are sealed to disk now;
   * without one, or with `sessionsOnDisk` false, their sealed copies are deleted and they stay in memory until the app
   * quits. Callers load every profile first, so a session still only on disk is not left behind; with
   * `sessionsOnDisk` false they load every profile again after, so that a session only the new box opens is read
   * into memory and its sealed copy deleted. Who signed in last is sealed with the box either way.
   */
  setBox(box: SecretBox | undefined, sessionsOnDisk = true): void {
    this.#box = box;
    this.#sessionsOnDisk = sessionsOnDisk;
    for (const [profileId, session] of this.#memory) {
      if (box && sessionsOnDisk) this.#store.set(keyOf(profileId), box.seal(JSON.stringify(session)));
      else this.#store.delete(keyOf(profileId));
    }
    for (const [profileId, last] of this.#last) {
      if (box) this.#store.set(lastKeyOf(profileId), box.seal(JSON.stringify(last)));
      else this.#store.delete(lastKeyOf(profileId));
    }
  }

  delete(profileId: string): void {
    this.#memory.delete(profileId);
    this.#store.delete(keyOf(profileId));
  }

  loadLast(profileId: string): LastSignIn | undefined {
    const remembered = this.#last.get(profileId);
    if (remembered || !this.#box) return remembered;
    const sealed = this.#store.get(lastKeyOf(profileId));
    if (typeof sealed !== 'string') return undefined;
    try {
      const last = LastSignInSchema.parse(JSON.parse(this.#box.open(sealed)));
      this.#last.set(profileId, last);
      return last;
    } catch {
      this.#store.delete(lastKeyOf(profileId));
      return undefined;
    }
  }

  saveLast(profileId: string, last: LastSignIn): void {
    this.#last.set(profileId, last);
    if (this.#box) this.#store.set(lastKeyOf(profileId), this.#box.seal(JSON.stringify(last)));
  }

  deleteLast(profileId: string): void {
    this.#last.delete(profileId);
    this.#store.delete(lastKeyOf(profileId));
  }
}
