import type { ProfileInput, ProfileSummary } from '../../../../common/profile.ts';
import {
  API_VERSION_PATTERN,
  DEFAULT_SCOPES,
  isRedirectPort,
  parseServiceUrl,
  PROFILE_DEFAULTS,
  PROFILE_ID_PATTERN,
  PROFILE_LIMITS,
  SCOPE_PATTERN,
  type Environment,
  type TokenEndpointAuth,
} from '../../../../common/profile-rules.ts';
import type { MessageKey, Params } from '../../i18n/index.ts';

/**
 * The profile form's values and rules, apart from React. The rules are common/profile-rules.ts, the same the main
 * process's schema is built on (without zod, which stays out of the renderer's bundle); the main process checks
 * again and has the last word (INVALID_PROFILE).
 */

export interface ProfileFormValues {
  id: string;
  name: string;
  environment: Environment;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  apiVersion: string;
  /** Space separated. */
  scopes: string;
  /** Comma separated. */
  redirectPorts: string;
  tokenEndpointAuth: TokenEndpointAuth;
  /** Comma separated, tried in order. */
  kennitalaClaims: string;
  nameClaims: string;
  jwksUrl: string;
  discoveryUrl: string;
  issuer: string;
}

export type FieldName = keyof ProfileFormValues;
export type FieldErrors = Partial<Record<FieldName, { key: MessageKey; params?: Params }>>;

/** The fields in the order they are on screen, so the first wrong one can take the focus. */
export const FIELD_ORDER: FieldName[] = [
  'id',
  'name',
  'environment',
  'baseUrl',
  'authUrl',
  'clientId',
  'clientSecret',
  'apiKey',
  'apiVersion',
  'scopes',
  'redirectPorts',
  'tokenEndpointAuth',
  'kennitalaClaims',
  'nameClaims',
  'jwksUrl',
  'discoveryUrl',
  'issuer',
];

/** The fields folded under "Advanced": everything from the API version on. */
export const ADVANCED_FIELDS = new Set<FieldName>(FIELD_ORDER.slice(FIELD_ORDER.indexOf('apiVersion')));

export function emptyForm(): ProfileFormValues {
  return {
    id: '',
    name: '',
    environment: 'bank-sandbox',
    baseUrl: '',
    authUrl: '',
    clientId: '',
    clientSecret: '',
    apiKey: '',
    apiVersion: PROFILE_DEFAULTS.apiVersion,
    scopes: DEFAULT_SCOPES.join(' '),
    redirectPorts: '',
    tokenEndpointAuth: PROFILE_DEFAULTS.tokenEndpointAuth,
    kennitalaClaims: PROFILE_DEFAULTS.kennitalaClaims.join(', '),
    nameClaims: PROFILE_DEFAULTS.nameClaims.join(', '),
    jwksUrl: '',
    discoveryUrl: '',
    issuer: '',
  };
}

/** The form for editing a profile: what the list shows of it; secrets are never shown, so they start empty. */
export function formFromSummary(summary: ProfileSummary): ProfileFormValues {
  return {
    id: summary.id,
    name: summary.name,
    environment: summary.environment,
    baseUrl: summary.baseUrl,
    authUrl: summary.authUrl,
    clientId: summary.clientId,
    clientSecret: '',
    apiKey: '',
    apiVersion: summary.apiVersion,
    scopes: summary.scopes.join(' '),
    redirectPorts: summary.redirectPorts.join(', '),
    tokenEndpointAuth: summary.tokenEndpointAuth,
    kennitalaClaims: summary.kennitalaClaims.join(', '),
    nameClaims: summary.nameClaims.join(', '),
    jwksUrl: summary.jwksUrl ?? '',
    discoveryUrl: summary.discoveryUrl ?? '',
    issuer: summary.issuer ?? '',
  };
}

const words = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');
const items = (text: string): string[] => text.split(/[\s,]+/).filter((item) => item !== '');

export interface FormContext {
  /** Adding (the id is typed) or editing (the id is fixed). */
  isNew: boolean;
  /** Ids in use, so a new profile does not overwrite one. */
  takenIds: string[];
  /** The profile being edited, if any. */
  existing?: ProfileSummary;
}

const LETTERS: Record<string, string> = { þ: 'th', ð: 'd', æ: 'ae', ö: 'o', ø: 'o', ß: 'ss' };

/**
 * An id made from the profile's name when the tester types none: `Bankinn (prófanir)` -> `bankinn-profanir`, with
 * `-2`, `-3`, ... when that one is taken. Always a valid id.
 */
export function idFromName(name: string, takenIds: readonly string[]): string {
  const plain = name
    .toLowerCase()
    .replace(/[þðæöøß]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 36)
    .replace(/-+$/, '');
  const base = plain === '' ? 'profile' : plain;
  if (!takenIds.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!takenIds.includes(`${base}-${n}`)) return `${base}-${n}`;
}

/** The id a new profile is saved under: the one typed, else one made from its name. */
export function profileIdOf(values: ProfileFormValues, takenIds: readonly string[]): string {
  return values.id.trim() || idFromName(values.name.trim(), takenIds);
}

/** What is wrong, field by field, before anything is sent. */
export function validateForm(values: ProfileFormValues, context: FormContext): FieldErrors {
  const errors: FieldErrors = {};
  const id = values.id.trim();
  // An empty id is made from the name (see idFromName); one typed must be valid and free.
  if (context.isNew && id !== '') {
    if (!PROFILE_ID_PATTERN.test(id)) errors.id = { key: 'profiles.error.idPattern' };
    else if (context.takenIds.includes(id)) errors.id = { key: 'profiles.error.idTaken' };
  }
  const name = values.name.trim();
  if (name === '') errors.name = { key: 'profiles.error.nameRequired' };
  else if (name.length > PROFILE_LIMITS.name) errors.name = { key: 'profiles.error.nameTooLong' };
  for (const field of ['baseUrl', 'authUrl', 'jwksUrl', 'discoveryUrl'] as const) {
    const url = values[field].trim();
    if (url !== '' && parseServiceUrl(url) === undefined) errors[field] = { key: 'profiles.error.url' };
  }
  // The list only shows the key masked, and saving sends a whole profile: a saved key has to be typed again.
  if (values.apiKey.trim() === '' && context.existing && context.existing.apiKeyMasked !== '') {
    errors.apiKey = { key: 'profiles.error.apiKeyAgain' };
  }
  if (!API_VERSION_PATTERN.test(values.apiVersion.trim())) errors.apiVersion = { key: 'profiles.error.apiVersion' };
  const scopes = words(values.scopes);
  if (scopes.length === 0) errors.scopes = { key: 'profiles.error.scopesRequired' };
  else if (!scopes.every((scope) => SCOPE_PATTERN.test(scope))) errors.scopes = { key: 'profiles.error.scopesPattern' };
  const ports = items(values.redirectPorts);
  const badPort = ports.find((port) => !/^\d{1,5}$/.test(port) || !isRedirectPort(Number(port)));
  if (badPort !== undefined) errors.redirectPorts = { key: 'profiles.error.port', params: { port: badPort } };
  else if (ports.length > PROFILE_LIMITS.redirectPorts) errors.redirectPorts = { key: 'profiles.error.tooManyPorts' };
  if (items(values.kennitalaClaims).length === 0) errors.kennitalaClaims = { key: 'profiles.error.claimRequired' };
  if (items(values.nameClaims).length === 0) errors.nameClaims = { key: 'profiles.error.claimRequired' };
  return errors;
}

/** The request to save: exactly the fields of the profile; optional ones left out when empty. */
export function toProfileInput(values: ProfileFormValues, takenIds: readonly string[] = []): ProfileInput {
  const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
  const input: ProfileInput = {
    id: profileIdOf(values, takenIds),
    name: values.name.trim(),
    environment: values.environment,
    baseUrl: values.baseUrl.trim(),
    authUrl: values.authUrl.trim(),
    clientId: values.clientId.trim(),
    // Sent as typed: empty keeps the saved secret.
    clientSecret: values.clientSecret,
    apiKey: values.apiKey.trim(),
    apiVersion: values.apiVersion.trim(),
    scopes: words(values.scopes),
    redirectPorts: items(values.redirectPorts).map(Number),
    tokenEndpointAuth: values.tokenEndpointAuth,
    kennitalaClaims: items(values.kennitalaClaims),
    nameClaims: items(values.nameClaims),
  };
  const jwksUrl = optional(values.jwksUrl);
  const discoveryUrl = optional(values.discoveryUrl);
  const issuer = optional(values.issuer);
  if (jwksUrl) input.jwksUrl = jwksUrl;
  if (discoveryUrl) input.discoveryUrl = discoveryUrl;
  if (issuer) input.issuer = issuer;
  return input;
}
