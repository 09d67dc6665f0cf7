import type { Profile } from '../../common/profile.ts';
import type { Endpoints } from './endpoints.ts';
import type { SessionBinding } from './token-vault.ts';

/**
 * The settings a session is bound to. Any change to one of them (a bank address, the client, the scopes, the claim
 * names, the API version) ends the session: its tokens were issued for the old settings and are not sent under the
 * new ones. Secrets are not part of it: a new API key for the same bank is no reason to sign in again.
 */
function settingsOf(profile: Profile): string {
  return JSON.stringify([
    profile.apiVersion,
    profile.scopes,
    profile.kennitalaClaims,
    profile.nameClaims,
    profile.tokenEndpointAuth,
    profile.discoveryUrl ?? null,
    profile.jwksUrl ?? null,
    profile.issuer ?? null,
    profile.authorizationEndpoint ?? null,
    profile.tokenEndpoint ?? null,
    profile.userinfoEndpoint ?? null,
  ]);
}

export function bindingOf(profile: Profile, endpoints: Endpoints): SessionBinding {
  return {
    baseUrl: profile.baseUrl,
    authUrl: profile.authUrl,
    clientId: profile.clientId,
    tokenEndpoint: endpoints.token,
    ...(endpoints.issuer ? { issuer: endpoints.issuer } : {}),
    settings: settingsOf(profile),
  };
}

/** Whether the profile, as it is now, is still the one the session's tokens were issued under. */
export function stillBound(profile: Profile, binding: SessionBinding): boolean {
  return (
    profile.baseUrl === binding.baseUrl &&
    profile.authUrl === binding.authUrl &&
    profile.clientId === binding.clientId &&
    settingsOf(profile) === binding.settings
  );
}
