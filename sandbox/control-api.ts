import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { faultSchema } from './faults.ts';
import type { SandboxControl } from './control.ts';
import { mediaType, requestRefusal } from './request-guard.ts';

const clockBody = z.union([
  z.strictObject({ advanceSeconds: z.number() }),
  z.strictObject({ now: z.iso.datetime({ offset: true }) }),
]);
const revokeBody = z.strictObject({ username: z.string() });
const pickBody = z.strictObject({ username: z.string().max(100).nullable() });

function invalid(reply: FastifyReply, issues: unknown): FastifyReply {
  return reply.code(400).send({ error: 'invalid_body', issues });
}

/**
 * Any page in the tester's browser can reach this port. A cross-site form or `fetch` in `no-cors` mode can POST
 * without a body or as `text/plain`, and a rebound DNS name makes the page look same-origin; neither may move the
 * clock, add faults or reset the bank. So every control request must name this server by address (see
 * request-guard.ts), come from no other origin, and every call that changes something must say it is JSON, which
 * no page can send across origins without a CORS preflight this server never grants.
 */
function guardControl(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const refusal = requestRefusal(
      { host: request.headers.host, origin: request.headers.origin, localPort: request.socket.localPort },
      'address',
    );
    if (refusal) return reply.code(403).send({ error: 'forbidden', message: refusal });
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      mediaType(request.headers['content-type']) !== 'application/json'
    ) {
      return reply.code(415).send({
        error: 'unsupported_media_type',
        message: 'control calls that change something must be sent as application/json',
      });
    }
    return undefined;
  });
}

/** `/__sandbox/*` over HTTP, for tests and testers; mounted only with `--control`. */
export async function controlApi(app: FastifyInstance, control: SandboxControl): Promise<void> {
  guardControl(app);
  // `curl -X POST -H 'content-type: application/json' .../reset` sends no body; that is no error here.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('the body is not JSON'), { statusCode: 400 }));
    }
  });
  app.setErrorHandler(async (error: { statusCode?: number; message: string }, _request, reply) =>
    reply.code(error.statusCode !== undefined && error.statusCode < 500 ? 400 : 500).send({ error: error.message }),
  );

  app.get('/__sandbox/clock', async () => ({ now: new Date(control.clock.now()).toISOString() }));

  app.post('/__sandbox/clock', async (request, reply) => {
    const parsed = clockBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    if ('now' in parsed.data) control.clock.set(parsed.data.now);
    else control.clock.advanceSeconds(parsed.data.advanceSeconds);
    return { now: new Date(control.clock.now()).toISOString() };
  });

  app.get('/__sandbox/faults', async () => control.faults.list());

  app.post('/__sandbox/faults', async (request, reply) => {
    const parsed = faultSchema.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    return reply.code(201).send(control.faults.add(parsed.data));
  });

  app.delete('/__sandbox/faults', async (_request, reply) => {
    control.faults.clear();
    return reply.code(204).send();
  });

  app.post('/__sandbox/revoke', async (request, reply) => {
    const parsed = revokeBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    if (!control.users.some((user) => user.username === parsed.data.username)) {
      return reply.code(404).send({ error: 'unknown_user' });
    }
    return { revokedGrants: control.revoke(parsed.data.username) };
  });

  app.get('/__sandbox/user', async () => ({ username: control.pickedUser() ?? null }));

  app.post('/__sandbox/user', async (request, reply) => {
    const parsed = pickBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    if (!control.pickUser(parsed.data.username ?? undefined)) return reply.code(404).send({ error: 'unknown_user' });
    return { username: control.pickedUser() ?? null };
  });

  app.post('/__sandbox/reset', async (_request, reply) => {
    control.reset();
    return reply.code(204).send();
  });

  app.get('/__sandbox/initiations', async () => control.initiations());

  app.get('/__sandbox/requests', async () => control.requests());
}
