import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ClientRegistration } from './clients.ts';
import { CODE_LIFETIME_MS } from './grants.ts';
import type { Grant } from './grants.ts';
import { answerWithFaults } from './outcome.ts';
import type { Outcome } from './outcome.ts';
import { parseScopes } from './scopes.ts';
import type { SandboxState } from './state.ts';
import { findUser } from './users.ts';

const oneString = z.string().optional();

const tokenForm = z.object({
  grant_type: oneString,
  code: oneString,
  redirect_uri: oneString,
  code_verifier: oneString,
  refresh_token: oneString,
  scope: oneString,
  client_id: oneString,
  client_secret: oneString,
});

type TokenForm = z.infer<typeof tokenForm>;

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' };

/** RFC 6749 5.2. */
function oauthError(error: string, description: string, status = 400, headers: Record<string, string> = {}): Outcome {
  return { status, headers: { ...noStore, ...headers }, body: { error, error_description: description } };
}

const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** HTTP Basic (RFC 6749 2.3.1: both parts form-encoded) or the form's client_id and client_secret, never both. */
function authenticateClient(
  state: SandboxState,
  request: FastifyRequest,
  form: TokenForm,
): ClientRegistration | Outcome {
  const header = request.headers.authorization;
  if (header !== undefined && /^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const id = colon === -1 ? undefined : formDecode(decoded.slice(0, colon));
    const secret = colon === -1 ? undefined : formDecode(decoded.slice(colon + 1));
    const basicFailed = oauthError('invalid_client', 'client authentication failed', 401, {
      'www-authenticate': 'Basic realm="sandbox"',
    });
    if (form.client_secret !== undefined) return oauthError('invalid_request', 'more than one client authentication');
    if (id === undefined || secret === undefined) return basicFailed;
    if (form.client_id !== undefined && form.client_id !== id)
      return oauthError('invalid_request', 'client_id differs');
    return state.clients.authenticate(id, secret) ?? basicFailed;
  }
  if (form.client_id === undefined || form.client_secret === undefined) {
    return oauthError('invalid_client', 'client authentication is missing', 401);
  }
  return (
    state.clients.authenticate(form.client_id, form.client_secret) ??
    oauthError('invalid_client', 'client authentication failed', 401)
  );
}

/** Access token, rotated refresh token and id_token for a live grant; no access token outlives the grant. */
async function issueTokens(state: SandboxState, grant: Grant, scopes: string[], nonce?: string): Promise<Outcome> {
  const user = findUser(grant.username);
  if (!user) return oauthError('invalid_grant', 'unknown user');
  const now = state.clock.now();
  const exp = Math.floor(Math.min(now + state.accessTokenTtlSeconds * 1000, grant.expiresAt) / 1000);
  const scope = scopes.join(' ');
  const accessToken = await state.tokens.signAccessToken(
    { sub: user.username, client_id: grant.clientId, scope, kennitala: user.kennitala, grant_id: grant.id },
    now,
    exp,
  );
  const body: Record<string, string | number> = {
    access_token: accessToken,
    refresh_token: grant.refreshToken,
    token_type: 'Bearer',
    expires_in: Math.max(0, Math.floor((exp * 1000 - now) / 1000)),
    scope,
  };
  // OpenID Connect: an id_token answers the openid scope.
  if (scopes.includes('openid')) {
    body.id_token = await state.tokens.signIdToken(
      {
        sub: user.username,
        aud: grant.clientId,
        name: user.name,
        kennitala: user.kennitala,
        ...(nonce === undefined ? {} : { nonce }),
      },
      now,
      exp,
    );
  }
  return { status: 200, headers: noStore, body };
}

async function exchangeCode(state: SandboxState, client: ClientRegistration, form: TokenForm): Promise<Outcome> {
  if (form.code === undefined || form.redirect_uri === undefined) {
    return oauthError('invalid_request', 'code and redirect_uri are required');
  }
  const code = state.grants.code(form.code);
  if (!code) return oauthError('invalid_grant', 'unknown authorization code');
  if (code.used) {
    // RFC 6749 4.1.2: a code used twice may have been stolen, so what it granted ends too.
    const grant = code.grantId === undefined ? undefined : state.grants.grant(code.grantId);
    if (grant) state.grants.revoke(grant);
    return oauthError('invalid_grant', 'authorization code already used');
  }
  const now = state.clock.now();
  if (now - code.authorizedAt > CODE_LIFETIME_MS) return oauthError('invalid_grant', 'authorization code expired');
  if (code.clientId !== client.clientId) return oauthError('invalid_grant', 'code issued to another client');
  if (code.redirectUri !== form.redirect_uri) return oauthError('invalid_grant', 'redirect_uri differs');
  if (code.codeChallenge === undefined) {
    if (form.code_verifier !== undefined) return oauthError('invalid_grant', 'code_verifier without code_challenge');
  } else {
    const verifier = form.code_verifier ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!CODE_VERIFIER.test(verifier) || challenge !== code.codeChallenge) {
      return oauthError('invalid_grant', 'PKCE verification failed');
    }
  }
  const grant = state.grants.createGrant(code);
  return issueTokens(state, grant, grant.scopes, code.nonce);
}

async function refresh(state: SandboxState, client: ClientRegistration, form: TokenForm): Promise<Outcome> {
  if (form.refresh_token === undefined) return oauthError('invalid_request', 'refresh_token is required');
  const grant = state.grants.byRefreshToken(form.refresh_token);
  if (!grant || grant.clientId !== client.clientId) return oauthError('invalid_grant', 'unknown refresh token');
  if (!state.grants.isLive(grant, state.clock.now()))
    return oauthError('invalid_grant', 'the grant was revoked or expired');
  let scopes = grant.scopes;
  if (form.scope !== undefined) {
    const asked = parseScopes(form.scope);
    if (!asked || !asked.every((scope) => grant.scopes.includes(scope))) {
      return oauthError('invalid_scope', 'scope exceeds the grant');
    }
    scopes = asked;
  }
  state.grants.rotate(grant);
  return issueTokens(state, grant, scopes);
}

async function token(state: SandboxState, request: FastifyRequest): Promise<Outcome> {
  const parsed = tokenForm.safeParse(request.body);
  if (!parsed.success) return oauthError('invalid_request', 'a parameter is repeated or malformed');
  const form = parsed.data;
  const client = authenticateClient(state, request, form);
  if ('status' in client) return client;
  if (form.grant_type === 'authorization_code') return exchangeCode(state, client, form);
  if (form.grant_type === 'refresh_token') return refresh(state, client, form);
  if (form.grant_type === undefined) return oauthError('invalid_request', 'grant_type is missing');
  return oauthError('unsupported_grant_type', 'only authorization_code and refresh_token');
}

const serverError = oauthError('server_error', 'simulated failure', 500);

export function tokenEndpoint(app: FastifyInstance, state: SandboxState): void {
  app.post('/as/token.oauth2', {
    errorHandler: async (error: { statusCode?: number }, _request, reply) => {
      const outcome =
        error.statusCode !== undefined && error.statusCode < 500
          ? oauthError('invalid_request', 'the body must be application/x-www-form-urlencoded')
          : serverError;
      return reply
        .code(outcome.status)
        .headers(outcome.headers ?? {})
        .send(outcome.body);
    },
    handler: (request, reply) =>
      answerWithFaults(state, 'token', request, reply, () => token(state, request), serverError),
  });
}
