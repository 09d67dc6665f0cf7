import { describe, expect, it } from 'vitest';
import { dispatch, WalletError, type HandlerTable } from '../../../main/ipc/dispatch.ts';
import { stubHandlers } from '../../helpers/handlers.ts';

const table = (appInfo: HandlerTable['appInfo']): HandlerTable => stubHandlers({ appInfo });

describe('dispatch', () => {
  it('answers a known channel with the handler value', async () => {
    const result = await dispatch(
      table(() => ({ name: 'A2A Wallet', version: '1.2.3' })),
      'appInfo',
      undefined,
    );
    expect(result).toEqual({ ok: true, value: { name: 'A2A Wallet', version: '1.2.3' } });
  });

  it('refuses an unknown channel, including names inherited from Object.prototype', async () => {
    const handlers = table(() => ({ name: 'x', version: '1' }));
    expect(await dispatch(handlers, 'deleteEverything', undefined)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    expect(await dispatch(handlers, 'toString', undefined)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
  });

  it('refuses a payload that breaks the request schema, without calling the handler', async () => {
    let called = false;
    const handlers = table(() => {
      called = true;
      return { name: 'x', version: '1' };
    });
    expect(await dispatch(handlers, 'appInfo', { sneaky: true })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(called).toBe(false);
  });

  it('passes a WalletError code and message through', async () => {
    const handlers = table(() => {
      throw new WalletError('NOT_SIGNED_IN', 'Sign in first');
    });
    expect(await dispatch(handlers, 'appInfo', undefined)).toEqual({
      ok: false,
      error: { code: 'NOT_SIGNED_IN', message: 'Sign in first' },
    });
  });

  it('hides the message of an unexpected error, which may carry anything', async () => {
    const handlers = table(() => {
      throw new Error('token eyJhbGciOi leaked');
    });
    const result = await dispatch(handlers, 'appInfo', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.stringify(result)).not.toContain('eyJ');
  });

  it('strips fields the contract does not name, so a service cannot leak them to the renderer', async () => {
    const handlers = table(() => ({ name: 'A2A Wallet', version: '1', accessToken: 'secret' }) as never);
    const result = await dispatch(handlers, 'appInfo', undefined);
    expect(result).toEqual({ ok: true, value: { name: 'A2A Wallet', version: '1' } });
  });

  it('reports a response that breaks the contract as an internal error', async () => {
    const handlers = table(() => ({ name: '' }) as never);
    expect(await dispatch(handlers, 'appInfo', undefined)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});

describe('dispatch over the whole contract', () => {
  const handlers = stubHandlers({
    submitPayment: ({ id }) => {
      throw new WalletError('PAYMENT_NOT_FOUND', `No payment ${id.length}`);
    },
    historyPage: (request) => {
      expect(request).toEqual({ filter: {}, offset: 0, limit: 100 });
      return { total: 0, items: [] };
    },
  });

  it('refuses keys a request does not name', async () => {
    expect(await dispatch(handlers, 'submitPayment', { id: 'p1', amount: 5 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(await dispatch(handlers, 'updateSettings', { language: 'is', theme: 'dark' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });

  it('refuses a payload of the wrong shape', async () => {
    for (const payload of [undefined, 'p1', { id: 42 }, { id: '' }]) {
      expect(await dispatch(handlers, 'submitPayment', payload)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_REQUEST' },
      });
    }
  });

  it('fills in the defaults of a request', async () => {
    expect(await dispatch(handlers, 'historyPage', {})).toEqual({ ok: true, value: { total: 0, items: [] } });
  });

  it('refuses a channel that has no payload when given one', async () => {
    expect(await dispatch(handlers, 'signIn', { profileId: 'production' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });
});
