import { describe, expect, it } from 'vitest';
import { StoreEndpoint } from '../../../../main/payments/store/store-endpoint.ts';
import { storeOptions } from '../../../support/payment-store.ts';
import { confirmedPayment } from '../../../support/seed-payments.ts';

/** The payment store's side of the boundary with main (store-endpoint.ts): what it takes as a request. */
const where = (name?: string) => storeOptions(name);

const payment = confirmedPayment;

describe('the boundary between main and the store', () => {
  it('the worker refuses what is not a request, saying so, and answers nothing else', async () => {
    const endpoint = new StoreEndpoint();
    for (const message of [null, 'save', { id: 1 }, { id: 1, request: { op: 'drop', handle: 1 } }]) {
      expect(await endpoint.reply(message)).toMatchObject({ ok: false, error: { code: 'STORE_BAD_REQUEST' } });
    }
    expect(await endpoint.reply({ id: 2, request: { op: 'get', handle: 7, id: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'STORE_NOT_OPEN' },
    });
    // A payment that is not one is refused before anything is written.
    const options = where();
    expect(await endpoint.reply({ id: 3, request: { op: 'open', handle: 1, options } })).toMatchObject({ ok: true });
    const bad = { ...payment(1), order: { ...payment(1).order, amount: 'a lot' } };
    expect(await endpoint.reply({ id: 4, request: { op: 'save', handle: 1, intent: bad, sync: true } })).toMatchObject({
      ok: false,
      error: { code: 'STORE_BAD_REQUEST' },
    });
    endpoint.close();
  });
});
