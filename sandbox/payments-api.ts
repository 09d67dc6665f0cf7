import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isValidRequestId } from '../common/request-id.ts';
import type { ClientRegistration } from './clients.ts';
import { INITIATIONS_PATH } from './initiations.ts';
import type { Initiation } from './initiations.ts';
import { answerWithFaults, bankError } from './outcome.ts';
import type { Outcome } from './outcome.ts';
import { judgeTransfer } from './payment-rules.ts';
import type { SandboxState } from './state.ts';
import type { VerifiedAccessToken } from './tokens.ts';
import { findUser } from './users.ts';
import type { SandboxUser } from './users.ts';

/** The one initiation faithful mode knows, as the bank's sandbox does. */
export const SAMPLE_INITIATION_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
/** Shown as the debtor account of the sample to a user who has none (gudrun). */
const SAMPLE_DEBTOR_ACCOUNT = '013326000000';

interface Caller {
  client: ClientRegistration;
  token: VerifiedAccessToken;
  user: SandboxUser;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/** Rule 1 of the issue: apikey, bearer token, its grant and its payments scope, or no caller at all (401). */
async function authenticate(state: SandboxState, request: FastifyRequest): Promise<Caller | undefined> {
  const apiKey = request.headers.apikey;
  const client = typeof apiKey === 'string' ? state.clients.byApiKey(apiKey) : undefined;
  const bearer = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!client || bearer === undefined) return undefined;
  const now = state.clock.now();
  const token = await state.tokens.verifyAccessToken(bearer, now);
  // A token is the application's own: another application's key does not unlock it.
  if (!token || token.client_id !== client.clientId || !token.scopes.has('payments')) return undefined;
  const grant = state.grants.grant(token.grant_id);
  const user = findUser(token.sub);
  if (!grant || !state.grants.isLive(grant, now) || !user) return undefined;
  return { client, token, user };
}

const unauthorized: Outcome = { ...bankError('Unauthorized'), headers: { 'www-authenticate': 'Bearer' } };

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return type !== undefined && type.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

async function createTransfer(state: SandboxState, request: FastifyRequest): Promise<Outcome> {
  const caller = await authenticate(state, request);
  if (!caller) return unauthorized;
  const requestId = request.headers['x-request-id'];
  if (requestId === undefined) return bankError('RequestIdHeaderMissing');
  if (typeof requestId !== 'string' || !isValidRequestId(requestId)) return bankError('InvalidRequestHeader');
  const now = state.clock.now();
  const original = state.initiations.replay(caller.client.clientId, requestId, now);
  if (original !== undefined) return { status: 201, headers: { location: original } };

  const body = typeof request.body === 'string' && isJson(request) ? request.body : '';
  const verdict = judgeTransfer(body, caller.user, caller.token.kennitala, state.ledger, now);
  if (!verdict.ok) return bankError(verdict.error);

  const { request: transfer, debtorAccount, depositAccountId, amount } = verdict.transfer;
  state.ledger.book(caller.user, debtorAccount.id, depositAccountId, amount, now);
  const initiation: Initiation = {
    id: randomUUID(),
    paymentDate: new Date(now).toISOString(),
    status: 'ACCC',
    endToEndIdentification: transfer.EndToEndIdentification ?? '',
    debtorAccount: { id: debtorAccount.id, ownerId: transfer.DebtorAccount.OwnerId },
    depositAccount: { id: depositAccountId, ownerId: transfer.DepositAccount.OwnerId },
    amount: { amount, currency: transfer.Amount.Currency },
    extendedReference: transfer.ExtendedReference ?? '',
  };
  const shownId = state.mode === 'faithful' ? SAMPLE_INITIATION_ID : initiation.id;
  const location = `${INITIATIONS_PATH}/${shownId}`;
  state.initiations.add(
    { initiation, username: caller.user.username, clientId: caller.client.clientId, requestId, location },
    now,
  );
  return { status: 201, headers: { location } };
}

/** Faithful mode's sample: the caller's own debtor account and owner, every other value fixed. */
function sampleInitiation(user: SandboxUser): Initiation {
  return {
    id: SAMPLE_INITIATION_ID,
    paymentDate: '2024-01-15T12:00:00.000Z',
    status: 'ACCC',
    endToEndIdentification: 'SAMPLE-E2E-0001',
    debtorAccount: { id: user.accounts[0]?.id ?? SAMPLE_DEBTOR_ACCOUNT, ownerId: user.kennitala },
    depositAccount: { id: '013326020001', ownerId: '0507922189' },
    amount: { amount: 1000, currency: 'ISK' },
    extendedReference: 'Sample initiation',
  };
}

async function getTransfer(state: SandboxState, request: FastifyRequest, id: string): Promise<Outcome> {
  const caller = await authenticate(state, request);
  if (!caller) return unauthorized;
  if (id === '') return bankError('InvalidInitationId');
  if (state.mode === 'faithful') {
    return id === SAMPLE_INITIATION_ID
      ? { status: 200, body: sampleInitiation(caller.user) }
      : bankError('InitiationNotFound');
  }
  const record = state.initiations.byId(id);
  if (!record) return bankError('InitiationNotFound');
  if (record.username !== caller.user.username) return bankError('NotAuthorizedToGet');
  return { status: 200, body: record.initiation };
}

const internalError = bankError('InternalServerError');

/** `/Payments/Initiations/v1/CreditTransfers`: the body is read as text so that rule 1 is judged before "not JSON". */
export async function paymentsApi(app: FastifyInstance, state: SandboxState): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler(async (error: { statusCode?: number }, _request, reply) => {
    const outcome = error.statusCode !== undefined && error.statusCode < 500 ? bankError('BadRequest') : internalError;
    return reply.code(outcome.status).send(outcome.body);
  });

  app.post(INITIATIONS_PATH, (request, reply) =>
    answerWithFaults(state, 'payments.create', request, reply, () => createTransfer(state, request), internalError),
  );
  const get = (request: FastifyRequest<{ Params: { id?: string } }>, reply: Parameters<typeof answerWithFaults>[3]) =>
    answerWithFaults(
      state,
      'payments.get',
      request,
      reply,
      () => getTransfer(state, request, request.params.id ?? ''),
      internalError,
    );
  app.get(INITIATIONS_PATH, get);
  app.get(`${INITIATIONS_PATH}/:id`, get);
}
