import { z } from 'zod';
import {
  BANK_ADDRESS_FIELDS,
  describeIssues,
  ENDPOINT_OVERRIDE_FIELDS,
  maskSecret,
  missingFields,
  ProfileSchema,
  type Profile,
  type ProfileInput,
  type ProfileSummary,
} from '../../common/profile.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import type { KeyValueStore } from '../storage/key-value-store.ts';
import { WalletError } from '../wallet-error.ts';
import { LOCAL_SANDBOX_ID } from './builtin-profiles.ts';

/**
 * The profiles: built in, from the vendor's preset, or added by a tester, with one active at a time. Client
 * secrets are sealed at rest; the renderer only ever gets summaries, with keys masked and secrets absent.
 */
export interface ProfileServiceOptions {
  store: KeyValueStore;
  secrets: SecretBox;
  /** Built-in profiles and the vendor's, in the order they are listed. */
  shipped: Profile[];
  allowEdit: boolean;
}

const SAVED_KEY = 'profiles.saved';
const ACTIVE_KEY = 'profiles.active';
const SavedProfile = z.object({ profile: z.unknown(), sealedSecret: z.string() });

export class ProfileService {
  readonly #options: ProfileServiceOptions;
  #localSandbox = { baseUrl: '', authUrl: '', clientId: '', clientSecret: '', apiKey: '' };
  readonly #listeners = new Set<(active: Profile) => void>();

  constructor(options: ProfileServiceOptions) {
    this.#options = options;
  }

  /** The embedded sandbox, once it has started: its address (both {base_url} and {auth_url}) and registration. */
  setLocalSandbox(sandbox: { url: string; clientId: string; clientSecret: string; apiKey: string }): void {
    const { url, ...app } = sandbox;
    this.#localSandbox = { baseUrl: url, authUrl: url, ...app };
  }

  #saved(): Map<string, Profile> {
    const raw = this.#options.store.get(SAVED_KEY);
    const saved = new Map<string, Profile>();
    if (!Array.isArray(raw)) return saved;
    for (const entry of raw) {
      const record = SavedProfile.safeParse(entry);
      if (!record.success) continue;
      let clientSecret = '';
      try {
        clientSecret = record.data.sealedSecret ? this.#options.secrets.open(record.data.sealedSecret) : '';
      } catch {
        // A secret that no longer opens (another machine's key, tampering) is dropped; the rest of the profile stays.
      }
      const profile = ProfileSchema.safeParse({ ...(record.data.profile as object), clientSecret });
      if (profile.success) saved.set(profile.data.id, profile.data);
    }
    return saved;
  }

  list(): Profile[] {
    const saved = this.#saved();
    const shipped = this.#options.shipped.map((profile) => saved.get(profile.id) ?? profile);
    const added = [...saved.values()].filter((profile) => !this.#options.shipped.some((s) => s.id === profile.id));
    return [...shipped, ...added].map((profile) =>
      profile.id === LOCAL_SANDBOX_ID ? { ...profile, ...this.#localSandbox } : profile,
    );
  }

  get(id: string): Profile {
    const profile = this.list().find((candidate) => candidate.id === id);
    if (!profile) throw new WalletError('PROFILE_NOT_FOUND', `No profile ${id}`);
    return profile;
  }

  active(): Profile {
    const id = this.#options.store.get(ACTIVE_KEY);
    const profiles = this.list();
    const first = profiles[0];
    if (!first) throw new WalletError('NO_PROFILES', 'This build has no profiles');
    return profiles.find((profile) => profile.id === id) ?? first;
  }

  switchTo(id: string): Profile {
    const profile = this.get(id);
    this.#options.store.set(ACTIVE_KEY, id);
    for (const listener of this.#listeners) listener(profile);
    return profile;
  }

  onSwitch(listener: (active: Profile) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Adds or edits a profile, where the vendor allows it. An empty clientSecret or apiKey keeps the one saved, but
   * only while the bank's addresses stay the same: a secret typed for one bank is never sent to another, so after
   * an address change it must be typed again (INVALID_PROFILE otherwise).
   */
  save(input: ProfileInput): Profile {
    if (!this.#options.allowEdit)
      throw new WalletError('PROFILE_EDIT_NOT_ALLOWED', 'This build does not allow editing profiles');
    if (input.id === LOCAL_SANDBOX_ID)
      throw new WalletError('PROFILE_READ_ONLY', 'The local sandbox profile cannot be changed');
    const existing = this.list().find((profile) => profile.id === input.id);
    const kept: Partial<Profile> = {};
    for (const field of ENDPOINT_OVERRIDE_FIELDS) {
      const value = existing?.[field];
      if (!(field in input) && value !== undefined) kept[field] = value;
    }
    const parsed = ProfileSchema.safeParse({ ...kept, ...input });
    if (!parsed.success) throw new WalletError('INVALID_PROFILE', describeIssues(parsed.error).join('; '));
    const next = { ...parsed.data };
    const sameBank = existing !== undefined && BANK_ADDRESS_FIELDS.every((field) => existing[field] === next[field]);
    const retype: string[] = [];
    // The renderer only ever sees the key masked and never the secret: an empty one means "keep the saved one".
    if (existing && next.clientSecret === '' && existing.clientSecret !== '') {
      if (sameBank) next.clientSecret = existing.clientSecret;
      else retype.push('clientSecret');
    }
    if (existing && next.apiKey === '' && existing.apiKey !== '') {
      if (sameBank) next.apiKey = existing.apiKey;
      else retype.push('apiKey');
    }
    if (retype.length > 0) {
      throw new WalletError(
        'INVALID_PROFILE',
        retype
          .map((field) => `${field}: the bank's addresses changed, so the saved one is not reused: type it again`)
          .join('; '),
      );
    }
    const saved = [...this.#saved().values()].filter((profile) => profile.id !== parsed.data.id);
    this.#options.store.set(
      SAVED_KEY,
      [...saved, next].map((profile) => this.#seal(profile)),
    );
    return next;
  }

  /** Removes a tester's own profile, or resets a shipped one to how it shipped. */
  remove(id: string): void {
    if (!this.#options.allowEdit)
      throw new WalletError('PROFILE_EDIT_NOT_ALLOWED', 'This build does not allow editing profiles');
    const saved = [...this.#saved().values()].filter((profile) => profile.id !== id);
    this.#options.store.set(
      SAVED_KEY,
      saved.map((profile) => this.#seal(profile)),
    );
    if (this.#options.store.get(ACTIVE_KEY) === id) this.#options.store.delete(ACTIVE_KEY);
  }

  /** Seals every saved secret again, after the customer changed where secrets may live. */
  resealSecrets(): void {
    this.#options.store.set(
      SAVED_KEY,
      [...this.#saved().values()].map((profile) => this.#seal(profile)),
    );
  }

  #seal(profile: Profile): { profile: Omit<Profile, 'clientSecret'>; sealedSecret: string } {
    const { clientSecret, ...rest } = profile;
    return { profile: rest, sealedSecret: clientSecret ? this.#options.secrets.seal(clientSecret) : '' };
  }

  summaries(): ProfileSummary[] {
    const activeId = this.active().id;
    return this.list().map((profile) => ({
      id: profile.id,
      name: profile.name,
      environment: profile.environment,
      baseUrl: profile.baseUrl,
      authUrl: profile.authUrl,
      clientId: profile.clientId,
      apiKeyMasked: maskSecret(profile.apiKey),
      hasClientSecret: profile.clientSecret !== '',
      complete: missingFields(profile).length === 0,
      active: profile.id === activeId,
      builtIn: this.#options.shipped.some((shipped) => shipped.id === profile.id),
      apiVersion: profile.apiVersion,
      scopes: profile.scopes,
      redirectPorts: profile.redirectPorts,
      tokenEndpointAuth: profile.tokenEndpointAuth,
      kennitalaClaims: profile.kennitalaClaims,
      nameClaims: profile.nameClaims,
      ...(profile.jwksUrl ? { jwksUrl: profile.jwksUrl } : {}),
      ...(profile.discoveryUrl ? { discoveryUrl: profile.discoveryUrl } : {}),
      ...(profile.issuer ? { issuer: profile.issuer } : {}),
      ...(profile.authorizationEndpoint ? { authorizationEndpoint: profile.authorizationEndpoint } : {}),
      ...(profile.tokenEndpoint ? { tokenEndpoint: profile.tokenEndpoint } : {}),
      ...(profile.userinfoEndpoint ? { userinfoEndpoint: profile.userinfoEndpoint } : {}),
    }));
  }
}
