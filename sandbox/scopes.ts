/** The scopes the sandbox grants: bank-service.md's four, and `accounts`, which its authorization request asks for. */
export const knownScopes = ['profile', 'openid', 'customer', 'accounts', 'payments'] as const;

const known = new Set<string>(knownScopes);

/** Space- or `+`-separated (a literal `+` survives when the client percent-encodes it), deduplicated, or undefined. */
export function parseScopes(scope: string): string[] | undefined {
  const scopes = [...new Set(scope.split(/[ +]+/).filter((item) => item !== ''))];
  return scopes.length > 0 && scopes.every((item) => known.has(item)) ? scopes : undefined;
}
