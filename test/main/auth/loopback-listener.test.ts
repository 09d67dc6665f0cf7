import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { callbackPage } from '../../../main/auth/callback-page.ts';
import { listenForCallback, type PendingCallback } from '../../../main/auth/loopback-listener.ts';
import { WalletError } from '../../../main/wallet-error.ts';
import { rejectionOf } from '../../helpers/rejection.ts';

const page = (outcome: Parameters<typeof callbackPage>[0]) => callbackPage(outcome, 'en', 'A2A Wallet');
const open: PendingCallback[] = [];
const blockers: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((pending) => pending.close()));
  await Promise.all(blockers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(options: Partial<Parameters<typeof listenForCallback>[0]> = {}) {
  const pending = await listenForCallback({ ports: [], expectedState: 'S1', page, ...options });
  open.push(pending);
  return pending;
}

/** A port that something else holds. */
async function busyPort(): Promise<number> {
  const server = createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('loopback listener', () => {
  it('listens on 127.0.0.1 only, on a free port, at /callback', async () => {
    const pending = await listen();
    expect(pending.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
  });

  it('takes the code of the callback with the right state, answers with a page, then closes', async () => {
    let focused = 0;
    const pending = await listen({ onCallback: () => (focused += 1) });
    const answered = fetch(`${pending.redirectUri}?code=C1&state=S1`);
    expect(await pending.code).toBe('C1');
    expect(focused).toBe(1);
    // The tab waits for the app's verdict on the exchange before it says anything.
    pending.respond('signed-in');
    const response = await answered;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Sign-in is complete');
    // No sign-in is pending any more: nothing answers there.
    await expect(fetch(`${pending.redirectUri}?code=C2&state=S1`)).rejects.toThrow();
  });

  it('refuses a wrong state and keeps waiting for the right one', async () => {
    const pending = await listen();
    const wrong = await fetch(`${pending.redirectUri}?code=EVIL&state=OTHER`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('not the one the app started');
    const answered = fetch(`${pending.redirectUri}?code=GOOD&state=S1`);
    expect(await pending.code).toBe('GOOD');
    pending.respond('signed-in');
    expect((await answered).status).toBe(200);
  });

  it('refuses another path', async () => {
    const pending = await listen();
    expect((await fetch(pending.redirectUri.replace('/callback', '/other?code=C&state=S1'))).status).toBe(404);
    pending.cancel();
    expect((await rejectionOf(pending.code, WalletError)).code).toBe('SIGN_IN_CANCELLED');
  });

  it('ends with the reason when the bank sends an error, in the customer language', async () => {
    const pending = await listen({ page: (outcome) => callbackPage(outcome, 'is', 'A2A Wallet') });
    const response = await fetch(`${pending.redirectUri}?error=access_denied&state=S1`);
    expect(await response.text()).toContain('Innskráningu var hafnað');
    expect((await rejectionOf(pending.code, WalletError)).code).toBe('SIGN_IN_DENIED');

    const other = await listen();
    await fetch(`${other.redirectUri}?error=server_error&state=S1`);
    expect((await rejectionOf(other.code, WalletError)).code).toBe('SIGN_IN_FAILED');
  });

  it('times out (the timer is injected), tells a late tab so for one more timeout, then closes', async () => {
    const timers: { ms: number; run: () => void }[] = [];
    const pending = await listen({
      timeoutMs: 300_000,
      schedule: (ms, run) => {
        timers.push({ ms, run });
        return () => {};
      },
    });
    timers.shift()?.run();
    expect((await rejectionOf(pending.code, WalletError)).code).toBe('SIGN_IN_TIMED_OUT');
    // The customer finishes at the bank anyway: the tab is told, and no code is taken.
    const late = await fetch(`${pending.redirectUri}?code=LATE&state=S1`);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('This sign-in timed out');
    expect(pending.lingering).toBe(true);
    // Another sign-in's tab is still refused as before.
    expect((await fetch(`${pending.redirectUri}?code=X&state=OTHER`)).status).toBe(400);
    expect(timers).toEqual([{ ms: 300_000, run: expect.any(Function) }]);
    timers.shift()?.run();
    await expect(fetch(`${pending.redirectUri}?code=LATE&state=S1`)).rejects.toThrow();
    expect(pending.lingering).toBe(false);
  });

  it('tells a tab finished after a cancel that the sign-in was cancelled, in the customer language', async () => {
    const pending = await listen({ page: (outcome) => callbackPage(outcome, 'is', 'A2A Wallet') });
    pending.cancel();
    expect((await rejectionOf(pending.code, WalletError)).code).toBe('SIGN_IN_CANCELLED');
    const late = await fetch(`${pending.redirectUri}?code=LATE&state=S1`);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('Hætt var við þessa innskráningu');
  });

  it('answers no late tab after a sign-in that finished, or once closed', async () => {
    const done = await listen();
    const answered = fetch(`${done.redirectUri}?code=C1&state=S1`);
    await done.code;
    done.respond('signed-in');
    await answered;
    expect(done.lingering).toBe(false);
    await expect(fetch(`${done.redirectUri}?code=C1&state=S1`)).rejects.toThrow();

    const cancelled = await listen();
    cancelled.cancel();
    await cancelled.close();
    await expect(fetch(`${cancelled.redirectUri}?code=C1&state=S1`)).rejects.toThrow();
  });

  it('falls through a busy fixed port to the next one, and says so when all are busy', async () => {
    const busy = await busyPort();
    const free = await busyPort();
    await new Promise((resolve) => blockers.pop()?.close(resolve));
    const pending = await listen({ ports: [busy, free] });
    expect(pending.redirectUri).toBe(`http://127.0.0.1:${free}/callback`);
    await pending.close();
    expect((await rejectionOf(listen({ ports: [busy] }), WalletError)).code).toBe('REDIRECT_PORTS_BUSY');
  });

  it('frees a fixed port as soon as it is closed, so the next sign-in can use it', async () => {
    const port = await busyPort();
    await new Promise((resolve) => blockers.pop()?.close(resolve));
    const first = await listen({ ports: [port] });
    first.cancel();
    await first.close();
    const second = await listen({ ports: [port] });
    expect(second.redirectUri).toBe(`http://127.0.0.1:${port}/callback`);
  });
});
