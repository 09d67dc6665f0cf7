import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentOrder } from '../../../common/payment.ts';
import { createBankClient } from '../../../main/bank/bank-client.ts';
import type { CallTap, TappedCall } from '../../../main/net/call-tap.ts';

/**
 * The payment a call to the bank is made for reaches the bank client as an argument (issue 40), not through an
 * ambient scope: the tap lists the send and the status check under it, and a call made for no payment under none.
 */
const ID = 'ABC123';
const server = Fastify();
server.post('/Payments/Initiations/v1/CreditTransfers', (_request, reply) =>
  reply.code(201).header('location', `/Payments/Initiations/v1/CreditTransfers/${ID}`).send(),
);
server.get(`/Payments/Initiations/v1/CreditTransfers/${ID}`, () => ({ id: ID }));
let baseUrl = '';
beforeAll(async () => {
  baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const order: PaymentOrder = {
  debtorKennitala: '1203852089',
  debtorAccount: '013326012345',
  depositKennitala: '0507922189',
  depositAccount: '013326020001',
  amount: 1500,
  endToEndId: 'Rent',
  extendedReference: 'November',
  payeeName: 'Björn',
};

describe('the payment a bank call is for', () => {
  it('is given to the send and the status check, and the tap lists their calls under it', async () => {
    const recorded: (TappedCall & { paymentId?: string })[] = [];
    const tap: CallTap = { id: 'profile', start: () => ({ at: 0 }), record: (call) => void recorded.push(call) };
    const bank = createBankClient({ baseUrl, apiKey: 'key', accessToken: () => Promise.resolve('token'), tap });
    await bank.createCreditTransfer(order, 'request-1', { paymentId: 'pay-1' });
    await bank.getCreditTransfer(ID, { paymentId: 'pay-1' }).catch(() => undefined);
    await bank.createCreditTransfer(order, 'request-2');
    expect(recorded.map((call) => [call.method, call.paymentId])).toEqual([
      ['POST', 'pay-1'],
      ['GET', 'pay-1'],
      ['POST', undefined],
    ]);
  });
});
