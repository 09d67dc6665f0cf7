import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { bankErrorBody, bankErrorTable } from '../common/bank-errors.ts';
import { authServer } from './auth-server.ts';
import { controlApi } from './control-api.ts';
import type { SandboxControl } from './control.ts';
import { paymentsApi } from './payments-api.ts';
import type { SandboxState } from './state.ts';

/**
 * One origin for `{auth_url}` (`/as/*`, `/pf/JWKS`, `/.well-known/*`) and `{base_url}` (`/Payments/*`); the paths do
 * not collide. Each part is its own fastify context, so body parsers and error shapes do not leak between them.
 */
export async function buildServer(
  state: SandboxState,
  control: SandboxControl,
  serveControl: boolean,
): Promise<FastifyInstance> {
  const app = Fastify({
    // Off on purpose: a request logger would cost on the hot path and could write tokens out. Also, the app bundles
    // fastify into its sandbox chunk, and pino's transports (worker files) would not be there.
    logger: false,
    // stop() must not wait for a client's idle keep-alive connection.
    forceCloseConnections: true,
    return503OnClosing: true,
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/__sandbox/')) return;
    state.log.record({
      atMs: state.clock.now(),
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      requestId: request.headers['x-request-id'],
    });
  });

  // Anything not served, whatever the path: the bank's generic 404.
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(bankErrorTable.NotFound.httpStatus).send(bankErrorBody('NotFound')),
  );
  app.setErrorHandler(async (_error, _request, reply) =>
    reply.code(bankErrorTable.InternalServerError.httpStatus).send(bankErrorBody('InternalServerError')),
  );

  await app.register(async (scope) => authServer(scope, state));
  await app.register(async (scope) => paymentsApi(scope, state));
  if (serveControl) await app.register(async (scope) => controlApi(scope, control));
  return app;
}
