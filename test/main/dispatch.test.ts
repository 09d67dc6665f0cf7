import { describe, expect, it } from 'vitest';
import { dispatch, WalletError, type HandlerTable } from '../../main/dispatch.ts';

const table = (appInfo: HandlerTable['appInfo']): HandlerTable => ({ appInfo });

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
