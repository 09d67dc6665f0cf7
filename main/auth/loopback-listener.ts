import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { WalletError } from '../wallet-error.ts';
import type { CallbackOutcome } from './callback-page.ts';

/**
 * Where the bank sends the customer's browser back (RFC 8252 7.3): an HTTP listener on 127.0.0.1 only, on a free
 * port or the first free one of the ports a bank registered, path /callback. It accepts exactly one callback with
 * the expected state, then closes; it gives up after its timeout or when cancelled.
 *
 * A sign-in given up on may still be finished in the bank's tab, which is left open. For one more timeout after it
 * was cancelled or timed out, the listener answers that tab with a page saying so (and that the tab can be closed)
 * instead of leaving the browser at "connection refused"; it exchanges nothing. A new sign-in closes it at once.
 */
export const CALLBACK_PATH = '/callback';
export const SIGN_IN_TIMEOUT_MS = 5 * 60 * 1000;

export interface LoopbackOptions {
  /** Ports to try in order; empty for any free port. */
  ports: readonly number[];
  expectedState: string;
  timeoutMs?: number;
  /** Timer, injectable so tests need not wait. Returns a function that cancels it. */
  schedule?: (ms: number, run: () => void) => () => void;
  page: (outcome: CallbackOutcome) => string;
  /** The callback arrived, good or bad: time to bring the app to the front. */
  onCallback?: () => void;
}

export interface PendingCallback {
  redirectUri: string;
  /** The authorization code, or a WalletError: SIGN_IN_DENIED, SIGN_IN_FAILED, SIGN_IN_TIMED_OUT, SIGN_IN_CANCELLED. */
  code: Promise<string>;
  /** The whole query of the callback whose code was taken (where RFC 9207's `iss` comes), once `code` resolved. */
  readonly parameters: URLSearchParams | undefined;
  /**
   * Answers the browser tab that brought the code, held open until then: the tab says "signed in" only once the
   * code was exchanged and the id_token checked, or else what went wrong. Only the first answer counts.
   */
  respond(outcome: CallbackOutcome): void;
  /** Ends the wait (a held tab is told sign-in did not finish); late tabs are then told the sign-in was cancelled. */
  cancel(): void;
  /** Stops listening altogether, late answers included; resolves once the port is free again. */
  close(): Promise<void>;
  /** Cancelled or timed out, and still answering late tabs. */
  readonly lingering: boolean;
}

const defaultSchedule = (ms: number, run: () => void) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function listenForCallback(options: LoopbackOptions): Promise<PendingCallback> {
  const timeoutMs = options.timeoutMs ?? SIGN_IN_TIMEOUT_MS;
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Unhandled until someone awaits it; a cancelled sign-in nobody waits for must not crash the process.
  code.catch(() => undefined);

  let done = false;
  let parameters: URLSearchParams | undefined;
  /** After a cancel or a timeout: what a late tab with this sign-in's state is told. */
  let late: 'cancelled' | 'timed-out' | undefined;
  let stopLate = () => {};
  let held: ((outcome: CallbackOutcome) => void) | undefined;
  const respond = (outcome: CallbackOutcome) => {
    const answer = held;
    held = undefined;
    answer?.(outcome);
  };
  let cancelTimer = () => {};
  const server = createServer();
  let closed: Promise<void> = Promise.resolve();
  let closing = false;
  const close = (): Promise<void> => {
    if (!closing) {
      closing = true;
      stopLate();
      closed = new Promise((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets go now; the answer being written (sent with `connection: close`) still gets out.
      server.closeIdleConnections();
    }
    return closed;
  };
  /** A code taken, or the bank's refusal: nothing more comes this way, and the listener closes. */
  const finish = (outcome: { code: string } | { error: WalletError }) => {
    if (done) return;
    done = true;
    cancelTimer();
    if ('code' in outcome) settle?.resolve(outcome.code);
    else settle?.reject(outcome.error);
    if (!late) void close();
  };
  /** Given up on: late tabs are answered for one more timeout, without keeping the process alive for them. */
  const giveUp = (reason: 'cancelled' | 'timed-out', error: WalletError) => {
    if (done) return;
    late = reason;
    finish({ error });
    server.unref();
    stopLate = (options.schedule ?? defaultSchedule)(timeoutMs, () => void close());
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const reply = (status: number, outcome: CallbackOutcome) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
        connection: 'close',
      });
      response.end(options.page(outcome));
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) return reply(404, 'not-found');
    const params = url.searchParams;
    if (params.get('state') !== options.expectedState) {
      // Another or an older sign-in's tab: refused, and this sign-in goes on waiting for its own.
      return reply(400, 'wrong-state');
    }
    // This sign-in's tab, finished after the app gave up on it: told so; its code is never exchanged.
    if (late) return reply(410, late);
    if (done) return reply(404, 'not-found');
    options.onCallback?.();
    const error = params.get('error');
    const authorizationCode = params.get('code');
    if (error || !authorizationCode) {
      const denied = error === 'access_denied';
      reply(400, denied ? 'denied' : 'bank-error');
      return finish({
        error: denied
          ? new WalletError('SIGN_IN_DENIED', 'Access was declined at the bank')
          : new WalletError('SIGN_IN_FAILED', `The bank ended the sign-in: ${(error ?? 'no code').slice(0, 64)}`),
      });
    }
    held = (outcome) => reply(outcome === 'signed-in' ? 200 : 400, outcome);
    parameters = new URLSearchParams(params);
    finish({ code: authorizationCode });
  });

  const candidates = options.ports.length > 0 ? options.ports : [0];
  let port: number | undefined;
  for (const candidate of candidates) {
    try {
      port = await listen(server, candidate);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  if (port === undefined) {
    throw new WalletError('REDIRECT_PORTS_BUSY', `Every sign-in port is in use: ${candidates.join(', ')}`);
  }

  cancelTimer = (options.schedule ?? defaultSchedule)(timeoutMs, () =>
    giveUp('timed-out', new WalletError('SIGN_IN_TIMED_OUT', 'The sign-in was not finished in time')),
  );
  return {
    redirectUri: `http://127.0.0.1:${port}${CALLBACK_PATH}`,
    code,
    respond,
    cancel: () => {
      giveUp('cancelled', new WalletError('SIGN_IN_CANCELLED', 'The sign-in was cancelled'));
      respond('bank-error');
    },
    close: () => {
      finish({ error: new WalletError('SIGN_IN_CANCELLED', 'The sign-in was cancelled') });
      respond('bank-error');
      return close();
    },
    get parameters() {
      return parameters;
    },
    get lingering() {
      return late !== undefined && !closing;
    },
  };
}
