import { z } from 'zod';

/**
 * A profile: one bank environment the app talks to, with its own sign-in, history and limit. Testers switch
 * between the local sandbox, the bank's sandbox and production; vendors ship presets.
 */
export const ENVIRONMENTS = ['local-sandbox', 'bank-sandbox', 'production'] as const;
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof EnvironmentSchema>;

export const DEFAULT_SCOPES = ['profile', 'openid', 'customer', 'accounts', 'payments'];

const HTTPS_URL = /^https:\/\/[^\s/?#@]+(?:\/[^\s]*)?$/i;
const LOOPBACK_HTTP_URL = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?(?:\/[^\s]*)?$/i;
const URL_RULE = 'must be an https:// URL (http:// only for 127.0.0.1 or localhost)';

/** An http(s) URL; plain http only to this machine (the local sandbox), never across a network. */
const ServiceUrl = z
  .string()
  .trim()
  .refine((value) => HTTPS_URL.test(value) || LOOPBACK_HTTP_URL.test(value), URL_RULE)
  .transform((value) => value.replace(/\/+$/, ''));
/** The same, or empty in a template still to be filled in. */
const ServiceUrlOrEmpty = z
  .string()
  .trim()
  .refine((value) => value === '' || HTTPS_URL.test(value) || LOOPBACK_HTTP_URL.test(value), URL_RULE)
  .transform((value) => value.replace(/\/+$/, ''));

const Port = z.number().int().min(1024).max(65535);

export const ProfileSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes, at most 40'),
  name: z.string().trim().min(1).max(60),
  environment: EnvironmentSchema,
  /** The API base ({base_url}); for the local sandbox, filled in when it starts. */
  baseUrl: ServiceUrlOrEmpty,
  /** The authorization server ({auth_url}). */
  authUrl: ServiceUrlOrEmpty,
  clientId: z.string().trim().max(200),
  clientSecret: z.string().max(500),
  apiKey: z.string().trim().max(500),
  apiVersion: z
    .string()
    .regex(/^v\d+$/, 'like v1')
    .default('v1'),
  scopes: z
    .array(z.string().regex(/^[\x21-\x7e]+$/))
    .min(1)
    .default(DEFAULT_SCOPES),
  /** Fixed loopback ports where the bank registered exact redirect URIs; empty for any free port. */
  redirectPorts: z.array(Port).max(10).default([]),
  /** How the token endpoint is told who the app is: form fields (as bank-service.md) or HTTP Basic. */
  tokenEndpointAuth: z.enum(['client_secret_post', 'client_secret_basic']).default('client_secret_post'),
  /** Token claims that may carry the customer's kennitala, tried in order. */
  kennitalaClaims: z.array(z.string().min(1)).min(1).default(['kennitala']),
  nameClaims: z.array(z.string().min(1)).min(1).default(['name']),
  /** Where to find the keys that sign id_tokens; without one, id_tokens are not verified. */
  jwksUrl: ServiceUrl.optional(),
  discoveryUrl: ServiceUrl.optional(),
  issuer: z.string().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export type ProfileInput = z.input<typeof ProfileSchema>;

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
  tokenEndpointAuth: z.enum(['client_secret_post', 'client_secret_basic']),
  kennitalaClaims: z.array(z.string()),
  nameClaims: z.array(z.string()),
  jwksUrl: z.string().optional(),
  discoveryUrl: z.string().optional(),
  issuer: z.string().optional(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

/** `abcd…wxyz`: enough to tell keys apart, not enough to use one. */
export function maskSecret(value: string): string {
  if (value === '') return '';
  if (value.length <= 8) return '•'.repeat(value.length);
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** The fields that must be filled before anyone can sign in with the profile. */
export function missingFields(profile: Profile): (keyof Profile)[] {
  if (profile.environment === 'local-sandbox') return [];
  const required: (keyof Profile)[] = ['baseUrl', 'authUrl', 'clientId', 'apiKey'];
  return required.filter((field) => profile[field] === '');
}

/** Turns zod's issues into one message per bad field, naming the field by its path: `profiles[1].baseUrl: ...`. */
export function describeIssues(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
      prefix,
    );
    return `${path || '(root)'}: ${issue.message}`;
  });
}
