import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';

/**
 * Agents that give up on a connection that is not established in time. axios's own timeout covers the whole
 * exchange; this one tells "cannot reach the bank" apart from "the bank is slow to answer".
 */
function withConnectTimeout(socket: Duplex, timeoutMs: number, secure: boolean): Duplex {
  const timer = setTimeout(
    () => socket.destroy(Object.assign(new Error('connect timeout'), { code: 'ECONNTIMEOUT' })),
    timeoutMs,
  );
  socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(timer));
  socket.once('close', () => clearTimeout(timer));
  return socket;
}

export function connectTimeoutAgents(timeoutMs: number): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  class HttpAgent extends http.Agent {
    override createConnection(...args: Parameters<http.Agent['createConnection']>) {
      return withConnectTimeout(super.createConnection(...args) as Duplex, timeoutMs, false) as ReturnType<
        http.Agent['createConnection']
      >;
    }
  }
  class HttpsAgent extends https.Agent {
    override createConnection(...args: Parameters<https.Agent['createConnection']>) {
      return withConnectTimeout(super.createConnection(...args) as Duplex, timeoutMs, true) as ReturnType<
        https.Agent['createConnection']
      >;
    }
  }
  return { httpAgent: new HttpAgent({ keepAlive: true }), httpsAgent: new HttpsAgent({ keepAlive: true }) };
}
