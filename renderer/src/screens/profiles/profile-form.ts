import type { Environment, ProfileInput, ProfileSummary } from '../../../../common/profile.ts';
import type { MessageKey, Params } from '../../i18n/index.ts';

/**
 * The profile form's values and rules, apart from React. The rules mirror common/profile.ts (which the renderer
 * does not import at run time: it would bring zod into the bundle); the main process checks again and has the
 * last word (INVALID_PROFILE).
 */

/** The profile the main process keeps as it is: it fills in the local sandbox's address when it starts. */
export const LOCAL_SANDBOX_ID = 'local-sandbox';

// Every environment, in order; typed so that one added to common/profile.ts must be added here.
const ENVIRONMENTS: Record<Environment, true> = { 'local-sandbox': true, 'bank-sandbox': true, production: true };
export const ENVIRONMENT_CHOICES = Object.keys(ENVIRONMENTS) as Environment[];

export type TokenEndpointAuth = NonNullable<ProfileInput['tokenEndpointAuth']>;

/** As common/profile.ts DEFAULT_SCOPES: what a new profile starts with. */
const DEFAULT_SCOPES = 'profile openid customer accounts payments';

const ID_RULE = /^[a-z0-9][a-z0-9-]{0,39}$/;
const HTTPS_URL = /^https:\/\/[^\s/?#@]+(?:\/[^\s]*)?$/i;
const LOOPBACK_HTTP_URL = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/[^\s]*)?$/i;
const API_VERSION = /^v\d+$/;
const PRINTABLE = /^[\x21-\x7e]+$/;

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
    apiVersion: 'v1',
    scopes: DEFAULT_SCOPES,
    redirectPorts: '',
    tokenEndpointAuth: 'client_secret_post',
    kennitalaClaims: 'kennitala',
    nameClaims: 'name',
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
const isServiceUrl = (text: string): boolean => HTTPS_URL.test(text) || LOOPBACK_HTTP_URL.test(text);

export interface FormContext {
  /** Adding (the id is typed) or editing (the id is fixed). */
  isNew: boolean;
  /** Ids in use, so a new profile does not overwrite one. */
  takenIds: string[];
  /** The profile being edited, if any. */
  existing?: ProfileSummary;
}

/** What is wrong, field by field, before anything is sent. */
export function validateForm(values: ProfileFormValues, context: FormContext): FieldErrors {
  const errors: FieldErrors = {};
  const id = values.id.trim();
  if (context.isNew) {
    if (id === '') errors.id = { key: 'profiles.error.idRequired' };
    else if (!ID_RULE.test(id)) errors.id = { key: 'profiles.error.idPattern' };
    else if (context.takenIds.includes(id)) errors.id = { key: 'profiles.error.idTaken' };
  }
  const name = values.name.trim();
  if (name === '') errors.name = { key: 'profiles.error.nameRequired' };
  else if (name.length > 60) errors.name = { key: 'profiles.error.nameTooLong' };
  for (const field of ['baseUrl', 'authUrl', 'jwksUrl', 'discoveryUrl'] as const) {
    const url = values[field].trim();
    if (url !== '' && !isServiceUrl(url)) errors[field] = { key: 'profiles.error.url' };
  }
  // The list only shows the key masked, and saving sends a whole profile: a saved key has to be typed again.
  if (values.apiKey.trim() === '' && context.existing && context.existing.apiKeyMasked !== '') {
    errors.apiKey = { key: 'profiles.error.apiKeyAgain' };
  }
  if (!API_VERSION.test(values.apiVersion.trim())) errors.apiVersion = { key: 'profiles.error.apiVersion' };
  const scopes = words(values.scopes);
  if (scopes.length === 0) errors.scopes = { key: 'profiles.error.scopesRequired' };
  else if (!scopes.every((scope) => PRINTABLE.test(scope))) errors.scopes = { key: 'profiles.error.scopesPattern' };
  const ports = items(values.redirectPorts);
  const badPort = ports.find((port) => !/^\d{1,5}$/.test(port) || Number(port) < 1024 || Number(port) > 65535);
  if (badPort !== undefined) errors.redirectPorts = { key: 'profiles.error.port', params: { port: badPort } };
  else if (ports.length > 10) errors.redirectPorts = { key: 'profiles.error.tooManyPorts' };
  if (items(values.kennitalaClaims).length === 0) errors.kennitalaClaims = { key: 'profiles.error.claimRequired' };
  if (items(values.nameClaims).length === 0) errors.nameClaims = { key: 'profiles.error.claimRequired' };
  return errors;
}

/** The request to save: exactly the fields of the profile; optional ones left out when empty. */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());
  const input: ProfileInput = {
    id: values.id.trim(),
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
