import type { FastifyReply, FastifyRequest } from 'fastify';
import { bankErrorBody, bankErrorTable } from '../common/bank-errors.ts';
import type { BankErrorName } from '../common/bank-errors.ts';
import type { FaultRoute } from './faults.ts';
import type { SandboxState } from './state.ts';

/**
 * A route's answer, decided before it is sent: a fault may still replace it by a destroyed connection, after the work
 * behind it was done (dropAfterProcessing).
 */
export interface Outcome {
  status: number;
  headers?: Record<string, string>;
  /** Sent as JSON; no body when undefined. */
  body?: unknown;
}

export function bankError(name: BankErrorName): Outcome {
  return { status: bankErrorTable[name].httpStatus, body: bankErrorBody(name) };
}

export function send(reply: FastifyReply, outcome: Outcome): FastifyReply {
  reply.code(outcome.status);
  if (outcome.headers) reply.headers(outcome.headers);
  return outcome.body === undefined ? reply.send() : reply.type('application/json; charset=utf-8').send(outcome.body);
}

/** Ends the exchange the way a network failure would: no status, no headers, the socket gone. */
function drop(state: SandboxState, request: FastifyRequest, reply: FastifyReply): void {
  reply.hijack();
  state.log.record({
    atMs: state.clock.now(),
    method: request.method,
    url: request.url,
    status: null,
    requestId: request.headers['x-request-id'],
  });
  request.raw.socket.destroy();
}

/** Runs a route's work under whatever fault is queued for it, then sends the outcome (or drops it). */
export async function answerWithFaults(
  state: SandboxState,
  route: FaultRoute,
  request: FastifyRequest,
  reply: FastifyReply,
  work: () => Promise<Outcome> | Outcome,
  failure: Outcome,
): Promise<FastifyReply | undefined> {
  const fault = state.faults.take(route);
  // Dropped: the sandbox was reset or stopped meanwhile, and the request belongs to a start that is gone.
  if (fault?.kind === 'delay' && (await state.faults.delay(fault.delayMs)) === 'drop') {
    reply.hijack();
    request.raw.socket.destroy();
    return undefined;
  }
  if (fault?.kind === 'status500') return send(reply, failure);
  if (fault?.kind === 'bankError' && fault.error) return send(reply, bankError(fault.error));
  if (fault?.kind === 'dropBeforeProcessing') {
    drop(state, request, reply);
    return undefined;
  }
  const outcome = await work();
  if (fault?.kind === 'dropAfterProcessing') {
    drop(state, request, reply);
    return undefined;
  }
  return send(reply, outcome);
}
