import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PENDING_LIFETIME_MS } from './grants.ts';
import { consentPage, errorPage, loginPage } from './login-page.ts';
import { knownScopes, parseScopes } from './scopes.ts';
import type { SandboxState } from './state.ts';
import { tokenEndpoint } from './token-endpoint.ts';
import { findUser, SANDBOX_PASSWORD } from './users.ts';

// The login and consent pages carry no script and load nothing; framing them would allow clickjacking the consent.
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

function showPage(reply: FastifyReply, status: number, markup: string): FastifyReply {
  return reply.code(status).headers(pageHeaders).send(markup);
}

function showError(reply: FastifyReply, detail: string): FastifyReply {
  return showPage(reply, 400, errorPage('The sign-in cannot go on', detail));
}

/** Repeated parameters arrive as arrays and fail: RFC 6749 3.1 forbids them. */
const oneString = z.string().optional();

const authorizationQuery = z.object({
  client_id: oneString,
  redirect_uri: oneString,
  response_type: oneString,
  state: oneString,
  scope: oneString,
  code_challenge: oneString,
  code_challenge_method: oneString,
  nonce: oneString,
});

const loginForm = z.object({ request: z.string(), username: z.string().max(100), password: z.string().max(200) });
const consentForm = z.object({ request: z.string(), decision: z.enum(['allow', 'deny']) });

const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function redirectWith(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string | undefined>,
): FastifyReply {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return reply.code(302).header('cache-control', 'no-store').header('location', url.href).send();
}

/** `{auth_url}`: the authorization request, the login and consent pages, the token endpoint, JWKS and discovery. */
export async function authServer(app: FastifyInstance, state: SandboxState): Promise<void> {
  // Form bodies only: a token request in JSON is not one (RFC 6749 4.1.3).
  app.removeAllContentTypeParsers();
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  app.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
    if (error.statusCode !== undefined && error.statusCode < 500) return showError(reply, 'The request was malformed.');
    return showPage(reply, 500, errorPage('Internal error', 'The sandbox failed unexpectedly.'));
  });

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: state.tokens.issuer,
    authorization_endpoint: `${state.tokens.issuer}/as/authorization.oauth2`,
    token_endpoint: `${state.tokens.issuer}/as/token.oauth2`,
    jwks_uri: `${state.tokens.issuer}/pf/JWKS`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    scopes_supported: knownScopes,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'name', 'kennitala'],
  }));

  app.get('/pf/JWKS', async () => state.tokens.jwks);

  app.get('/as/authorization.oauth2', async (request, reply) => {
    const parsed = authorizationQuery.safeParse(request.query);
    if (!parsed.success) return showError(reply, 'A parameter of the authorization request is repeated or malformed.');
    const query = parsed.data;
    const client = query.client_id === undefined ? undefined : state.clients.byId(query.client_id);
    if (!client) return showError(reply, `Unknown application (client_id ${query.client_id ?? 'missing'}).`);
    // RFC 6749 4.1.2.1: never redirect to a URI the application did not register.
    if (query.redirect_uri === undefined || !state.clients.acceptsRedirect(client, query.redirect_uri)) {
      return showError(
        reply,
        `The redirect URI ${query.redirect_uri ?? '(missing)'} is not registered for ${client.clientId}.`,
      );
    }
    const redirectUri = query.redirect_uri;
    const fail = (error: string, description: string) =>
      redirectWith(reply, redirectUri, { error, error_description: description, state: query.state });
    if (query.response_type === undefined) return fail('invalid_request', 'response_type is missing');
    if (query.response_type !== 'code') return fail('unsupported_response_type', 'only response_type=code');
    if (query.state === undefined || query.state === '') return fail('invalid_request', 'state is missing');
    const scopes = parseScopes(query.scope ?? '');
    if (!scopes) return fail('invalid_scope', 'scope is missing or holds an unknown scope');
    if (query.code_challenge !== undefined) {
      if (query.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
      if (!CODE_CHALLENGE.test(query.code_challenge)) return fail('invalid_request', 'code_challenge is malformed');
    } else if (query.code_challenge_method !== undefined) {
      return fail('invalid_request', 'code_challenge_method without code_challenge');
    }
    const pending = state.grants.addPending({
      clientId: client.clientId,
      redirectUri,
      state: query.state,
      scopes,
      createdAt: state.clock.now(),
      ...(query.code_challenge === undefined ? {} : { codeChallenge: query.code_challenge }),
      ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
    });
    const picked = state.picked;
    return showPage(
      reply,
      200,
      loginPage({
        requestId: pending.id,
        clientId: client.clientId,
        ...(picked ? { username: picked, filled: true } : {}),
      }),
    );
  });

  const expired = `This sign-in is unknown or older than ${PENDING_LIFETIME_MS / 60_000} minutes: start again from the application.`;

  app.post('/as/login', async (request, reply) => {
    const parsed = loginForm.safeParse(request.body);
    if (!parsed.success) return showError(reply, 'The login form was malformed.');
    const pending = state.grants.pending(parsed.data.request, state.clock.now());
    if (!pending) return showError(reply, expired);
    const username = parsed.data.username.trim().toLowerCase();
    const user = findUser(username);
    if (!user || parsed.data.password !== SANDBOX_PASSWORD) {
      const message = 'Wrong username or password.';
      return showPage(reply, 200, loginPage({ requestId: pending.id, clientId: pending.clientId, username, message }));
    }
    pending.username = user.username;
    return showPage(
      reply,
      200,
      consentPage({ requestId: pending.id, clientId: pending.clientId, name: user.name, scopes: pending.scopes }),
    );
  });

  app.post('/as/consent', async (request, reply) => {
    const parsed = consentForm.safeParse(request.body);
    if (!parsed.success) return showError(reply, 'The consent form was malformed.');
    const now = state.clock.now();
    const pending = state.grants.pending(parsed.data.request, now);
    if (!pending?.username) return showError(reply, expired);
    state.grants.endPending(pending.id);
    if (parsed.data.decision === 'deny') {
      return redirectWith(reply, pending.redirectUri, { error: 'access_denied', state: pending.state });
    }
    const code = state.grants.issueCode(pending, pending.username, now);
    return redirectWith(reply, pending.redirectUri, { code: code.code, state: pending.state });
  });

  tokenEndpoint(app, state);
}
