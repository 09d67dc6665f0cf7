import { z } from 'zod';

/**
 * A profile: one bank environment the app talks to, with its own sign-in, history and limit. Testers switch
 * between the local sandbox, the bank's sandbox and production; vendors ship presets.
 */
export const ENVIRONMENTS = ['local-sandbox', 'bank-sandbox', 'production'] as const;
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof EnvironmentSchema>;

export const DEFAULT_SCOPES = ['profile', 'openid', 'customer', 'accounts', 'payments'];

const URL_RULE =
  'must be an https:// URL (http:// only for 127.0.0.1, localhost or [::1]), without user name, backslash, query or fragment';
// common/ compiles without DOM or Node types; both runtimes have this WHATWG URL global.
declare const URL: new (input: string) => {
  href: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  search: string;
  hash: string;
};
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The parsed address, or undefined where the text is not one the app will send tokens to. Parsing alone is not
 * enough: `https://evil.example\.bank.is` parses to host `evil.example`, `https://bank.is@evil.example` to
 * `evil.example`. So the host the text shows must be exactly the host `URL` parsed, and anything a reader could
 * misread (userinfo, backslashes, whitespace, percent-escapes or non-ASCII in the host) is refused outright.
 */
export function parseServiceUrl(text: string): string | undefined {
  if (/[\\\s@?#]/.test(text) || /[^\x21-\x7e]/.test(text)) return undefined;
  const shown = /^(https?):\/\/([^/]*)(?:\/.*)?$/i.exec(text);
  if (!shown) return undefined;
  let url: InstanceType<typeof URL>;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  const host = (shown[2] ?? '').toLowerCase();
  const defaultPort = url.protocol === 'https:' ? ':443' : ':80';
  if (host !== url.host && host !== `${url.host}${defaultPort}`) return undefined;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return undefined;
  return url.href.replace(/\/+$/, '');
}

/** An http(s) URL; plain http only to this machine (the local sandbox), never across a network. Stored parsed. */
const serviceUrl = (allowEmpty: boolean) =>
  z
    .string()
    .trim()
    .refine((value) => (allowEmpty && value === '') || parseServiceUrl(value) !== undefined, URL_RULE)
    .transform((value) => (value === '' ? '' : (parseServiceUrl(value) ?? value)));
const ServiceUrl = serviceUrl(false);
/** The same, or empty in a template still to be filled in. */
const ServiceUrlOrEmpty = serviceUrl(true);

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
  tokenEndpointAuth: z.enum(['client_secret_post', 'client_secret_basic']),
  kennitalaClaims: z.array(z.string()),
  nameClaims: z.array(z.string()),
  jwksUrl: z.string().optional(),
  discoveryUrl: z.string().optional(),
  issuer: z.string().optional(),
  authorizationEndpoint: z.string().optional(),
  tokenEndpoint: z.string().optional(),
  userinfoEndpoint: z.string().optional(),
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
