import { z } from 'zod';
import {
  API_VERSION_PATTERN,
  DEFAULT_SCOPES,
  ENVIRONMENTS,
  parseServiceUrl,
  PROFILE_DEFAULTS,
  PROFILE_ID_PATTERN,
  PROFILE_LIMITS,
  REDIRECT_PORT_MAX,
  REDIRECT_PORT_MIN,
  SCOPE_PATTERN,
  TOKEN_ENDPOINT_AUTH_METHODS,
  URL_RULE,
} from './profile-rules.ts';

/**
 * A profile: one bank environment the app talks to, with its own sign-in, history and limit. Testers switch
 * between the local sandbox, the bank's sandbox and production; vendors ship presets. The rules are in
 * profile-rules.ts, which the renderer uses without zod; this is the schema built on them.
 */
// Main and the tests import these from here.
export { DEFAULT_SCOPES, ENVIRONMENTS, maskSecret, parseServiceUrl, type Environment } from './profile-rules.ts';

export const EnvironmentSchema = z.enum(ENVIRONMENTS);

/** An http(s) URL; plain http only to this machine (the local sandbox), never across a network. Stored parsed. */
const serviceUrl = (allowEmpty: boolean) =>
  z
    .string()
    .trim()
    .max(PROFILE_LIMITS.url)
    .refine((value) => (allowEmpty && value === '') || parseServiceUrl(value) !== undefined, URL_RULE)
    .transform((value) => (value === '' ? '' : (parseServiceUrl(value) ?? value)));
const ServiceUrl = serviceUrl(false);
/** The same, or empty in a template still to be filled in. */
const ServiceUrlOrEmpty = serviceUrl(true);

const Port = z.number().int().min(REDIRECT_PORT_MIN).max(REDIRECT_PORT_MAX);
const Claims = (defaults: readonly string[]) =>
  z
    .array(z.string().min(1).max(PROFILE_LIMITS.claim))
    .min(1)
    .max(PROFILE_LIMITS.claims)
    .default(() => [...defaults]);

export const ProfileSchema = z.object({
  id: z.string().regex(PROFILE_ID_PATTERN, 'lower-case letters, digits and dashes, at most 40'),
  name: z.string().trim().min(1).max(PROFILE_LIMITS.name),
  environment: EnvironmentSchema,
  /** The API base ({base_url}); for the local sandbox, filled in when it starts. */
  baseUrl: ServiceUrlOrEmpty,
  /** The authorization server ({auth_url}). */
  authUrl: ServiceUrlOrEmpty,
  clientId: z.string().trim().max(PROFILE_LIMITS.clientId),
  // zod's own words ("Invalid input: expected string, received number") said what, not what to write.
  clientSecret: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'the client secret is missing: write the one the bank gave the app, in quotes, or "" if it gave none'
          : 'the client secret must be text in quotes, as the bank gave it (a number or a list is not one)',
    })
    .max(PROFILE_LIMITS.clientSecret, {
      error: `the client secret is longer than ${String(PROFILE_LIMITS.clientSecret)} characters: check that only the secret was pasted`,
    }),
  apiKey: z.string().trim().max(PROFILE_LIMITS.apiKey),
  apiVersion: z.string().regex(API_VERSION_PATTERN, 'like v1').default(PROFILE_DEFAULTS.apiVersion),
  scopes: z
    .array(z.string().max(PROFILE_LIMITS.scope).regex(SCOPE_PATTERN))
    .min(1)
    .max(PROFILE_LIMITS.scopes)
    .default(() => [...DEFAULT_SCOPES]),
  /** Fixed loopback ports where the bank registered exact redirect URIs; empty for any free port. */
  redirectPorts: z.array(Port).max(PROFILE_LIMITS.redirectPorts).default([]),
  /** How the token endpoint is told who the app is: form fields (as bank-service.md) or HTTP Basic. */
  tokenEndpointAuth: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).default(PROFILE_DEFAULTS.tokenEndpointAuth),
  /** Token claims that may carry the customer's kennitala, tried in order. */
  kennitalaClaims: Claims(PROFILE_DEFAULTS.kennitalaClaims),
  nameClaims: Claims(PROFILE_DEFAULTS.nameClaims),
  /** Where to find the keys that sign id_tokens; without one, id_tokens are not verified. */
  jwksUrl: ServiceUrl.optional(),
  discoveryUrl: ServiceUrl.optional(),
  issuer: z.string().max(PROFILE_LIMITS.url).optional(),
  /**
   * Where a bank's endpoints are not at the documented `{authUrl}/as/...` paths and it has no discovery document
   * (or a wrong one): each overrides the documented path and discovery's answer.
   */
  authorizationEndpoint: ServiceUrl.optional(),
  tokenEndpoint: ServiceUrl.optional(),
  userinfoEndpoint: ServiceUrl.optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export type ProfileInput = z.input<typeof ProfileSchema>;

/** Where a profile's tokens, client secret and API key are sent: a change means they must be typed again. */
export const BANK_ADDRESS_FIELDS = [
  'baseUrl',
  'authUrl',
  'discoveryUrl',
  'jwksUrl',
  'authorizationEndpoint',
  'tokenEndpoint',
  'userinfoEndpoint',
] as const satisfies readonly (keyof Profile)[];

/** The endpoint overrides, which the profile form does not show: an edit that does not mention them keeps them. */
export const ENDPOINT_OVERRIDE_FIELDS = [
  'authorizationEndpoint',
  'tokenEndpoint',
  'userinfoEndpoint',
] as const satisfies readonly (keyof Profile)[];

/** What the renderer sees of a profile: never the secret, only whether one is set. */
export const ProfileSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  environment: EnvironmentSchema,
  baseUrl: z.string(),
  authUrl: z.string(),
  clientId: z.string(),
  apiKeyMasked: z.string(),
  hasClientSecret: z.boolean(),
  complete: z.boolean(),
  active: z.boolean(),
  builtIn: z.boolean(),
  // The settings that are no secret, so an edit starts from what is saved rather than from the defaults.
  apiVersion: z.string(),
  scopes: z.array(z.string()),
  redirectPorts: z.array(z.number().int()),
  tokenEndpointAuth: z.enum(TOKEN_ENDPOINT_AUTH_METHODS),
  kennitalaClaims: z.array(z.string()),
  nameClaims: z.array(z.string()),
  jwksUrl: z.string().optional(),
  discoveryUrl: z.string().optional(),
  issuer: z.string().max(PROFILE_LIMITS.url).optional(),
  authorizationEndpoint: z.string().optional(),
  tokenEndpoint: z.string().optional(),
  userinfoEndpoint: z.string().optional(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

/** The fields that must be filled before anyone can sign in with the profile. */
export function missingFields(profile: Profile): (keyof Profile)[] {
  if (profile.environment === 'local-sandbox') return [];
  const required: (keyof Profile)[] = ['baseUrl', 'authUrl', 'clientId', 'apiKey'];
  return required.filter((field) => profile[field] === '');
}

/** Turns zod's issues into one message per bad field, naming the field by its path: `profiles[1].baseUrl: ...`. */
export function describeIssues(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => `${fieldPath(issue.path, prefix)}: ${issue.message}`);
}

/** A field's path as a preset's author writes it: `profiles[0].clientSecret`, `(root)` for the whole. */
export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  const text = path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    prefix,
  );
  return text || '(root)';
}
