import { customFetch, discoveryRequest, processDiscoveryResponse } from 'oauth4webapi';
import { z } from 'zod';
import type { Profile } from '../../common/profile.ts';
import { parseServiceUrl } from '../../common/profile-rules.ts';
import type { HttpBounds } from '../net/http-limits.ts';
import { WalletError } from '../wallet-error.ts';
import { libraryOptions } from './oidc-client.ts';

/**
 * Where a profile's sign-in goes. A per-profile override wins; then the bank's discovery document, where the profile
 * names one (a standard OpenID server publishes its endpoints there, at paths of its own choosing); then the paths
 * of bank-service.md under `{authUrl}`.
 */
export interface Endpoints {
  authorization: string;
  token: string;
  userinfo?: string;
  /** Without one, id_tokens cannot be verified (see identity.ts). */
  jwks?: string;
  issuer?: string;
  /** The bank said it names itself in every authorization response (RFC 9207): one without `iss` is refused. */
  issInCallback?: boolean;
}

/** Endpoint addresses from the network get the same checks as typed ones: https (or loopback http), no tricks. */
const EndpointUrl = z.string().transform((value, context) => {
  const parsed = parseServiceUrl(value);
  if (parsed === undefined) {
    context.addIssue({ code: 'custom', message: 'not an acceptable endpoint address' });
    return z.NEVER;
  }
  return parsed;
});

const DiscoverySchema = z
  .object({
    issuer: z.string().min(1),
    authorization_endpoint: EndpointUrl.optional(),
    token_endpoint: EndpointUrl.optional(),
    userinfo_endpoint: EndpointUrl.optional(),
    jwks_uri: EndpointUrl.optional(),
    authorization_response_iss_parameter_supported: z.boolean().optional(),
  })
  .loose();

const discoveryFailed = () => new WalletError('DISCOVERY_FAILED', 'The bank’s sign-in settings could not be read');

/** Where OpenID Connect Discovery 1.0 (§4) puts an issuer's document: under the issuer's own address. */
export const WELL_KNOWN_PATH = '/.well-known/openid-configuration';

/** The issuer whose well-known address `url` is, or undefined for an address of another form. */
function issuerAt(url: URL): string | undefined {
  if (!url.pathname.endsWith(WELL_KNOWN_PATH) || url.search !== '' || url.hash !== '') return undefined;
  return `${url.origin}${url.pathname.slice(0, -WELL_KNOWN_PATH.length)}`;
}

/**
 * The bank's discovery document, read and parsed by oauth4webapi through the bank fetch. From a well-known address
 * the library makes the request itself from the issuer; an address of another form (a tester's own) is asked as it
 * is. The issuer the document names is held to the app's rule below before the library checks it again (its own
 * check compares the two as URLs, and knows nothing of addresses of another form). Anything wrong on the way, a
 * drip, a flood, a redirect, another issuer or an endpoint address the app would not accept, is DISCOVERY_FAILED.
 */
async function discover(discoveryUrl: string, bounds: HttpBounds): Promise<z.infer<typeof DiscoverySchema>> {
  const options = libraryOptions(bounds, discoveryUrl);
  try {
    const url = new URL(discoveryUrl);
    const issuer = issuerAt(url);
    const response = issuer
      ? await discoveryRequest(new URL(issuer), options)
      : await options[customFetch](url.href, {
          method: 'GET',
          headers: { accept: 'application/json' },
          body: undefined,
          redirect: 'manual',
        });
    const named: unknown = await response
      .clone()
      .json()
      .then((document: unknown) => (document as { issuer?: unknown } | null)?.issuer)
      .catch(() => undefined);
    if (typeof named !== 'string' || !discoveryIssuerMatches(discoveryUrl, named)) throw discoveryFailed();
    const parsed = DiscoverySchema.safeParse(await processDiscoveryResponse(new URL(named), response));
    if (!parsed.success) throw discoveryFailed();
    return { ...parsed.data, issuer: named };
  } catch {
    throw discoveryFailed();
  }
}

/**
 * Whether a discovery document may speak for the address it was read from (OpenID Connect Discovery 1.0 §4.3): its
 * issuer must be that address less the well-known path (an issuer written with a terminating slash has it removed
 * before the path is appended, §4.1). A document read from an address of another form (a tester's own) must at least
 * name an issuer on the same origin. Otherwise a document served elsewhere (a mistyped or hijacked address) could send
 * the sign-in, and the id_tokens accepted, to another server. A profile that names its own issuer still has the
 * id_tokens checked against that one (identity.ts).
 */
export function discoveryIssuerMatches(discoveryUrl: string, issuer: string): boolean {
  let url: URL;
  let named: URL;
  try {
    url = new URL(discoveryUrl);
    named = new URL(issuer);
  } catch {
    return false;
  }
  const prefix = issuerAt(url);
  if (prefix !== undefined) return issuer === prefix || issuer === `${prefix}/`;
  return named.origin === url.origin;
}

export async function resolveEndpoints(profile: Profile, bounds: HttpBounds = {}): Promise<Endpoints> {
  const discovered = profile.discoveryUrl ? await discover(profile.discoveryUrl, bounds) : undefined;
  const userinfo = profile.userinfoEndpoint ?? discovered?.userinfo_endpoint;
  const jwks = profile.jwksUrl ?? discovered?.jwks_uri;
  const issuer = profile.issuer ?? discovered?.issuer;
  return {
    authorization:
      profile.authorizationEndpoint ??
      discovered?.authorization_endpoint ??
      `${profile.authUrl}/as/authorization.oauth2`,
    token: profile.tokenEndpoint ?? discovered?.token_endpoint ?? `${profile.authUrl}/as/token.oauth2`,
    ...(userinfo ? { userinfo } : {}),
    ...(jwks ? { jwks } : {}),
    ...(issuer ? { issuer } : {}),
    // RFC 9207's promise is the discovered issuer's: a profile that names another issuer does not inherit it.
    ...(discovered?.authorization_response_iss_parameter_supported === true && issuer === discovered.issuer
      ? { issInCallback: true }
      : {}),
  };
}
