import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { faultSchema } from './faults.ts';
import type { SandboxControl } from './control.ts';

const clockBody = z.union([
  z.strictObject({ advanceSeconds: z.number() }),
  z.strictObject({ now: z.iso.datetime({ offset: true }) }),
]);
const revokeBody = z.strictObject({ username: z.string() });

function invalid(reply: FastifyReply, issues: unknown): FastifyReply {
  return reply.code(400).send({ error: 'invalid_body', issues });
}

/** `/__sandbox/*` over HTTP, for tests and testers; mounted only with `--control`. */
export async function controlApi(app: FastifyInstance, control: SandboxControl): Promise<void> {
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

  app.post('/__sandbox/reset', async (_request, reply) => {
    control.reset();
    return reply.code(204).send();
  });

  app.get('/__sandbox/initiations', async () => control.initiations());

  app.get('/__sandbox/requests', async () => control.requests());
}
