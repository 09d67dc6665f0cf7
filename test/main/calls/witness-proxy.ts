import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One exchange as it went over the wire, every byte of it: tokens, codes and keys included. */
export interface WireExchange {
  method: string;
  path: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody: string;
  status?: number;
  responseHeaders?: IncomingHttpHeaders;
  responseBody?: string;
}

/**
 * A witness between the app and a bank: a loopback reverse proxy that passes every request on to `target` as it is and
 * keeps what went and what came. What the app lists of its calls is checked against it, and its secrets are the
 * run's actual ones to look for. An answer the bank never gave (a dropped connection) is dropped here too.
 */
export async function witnessProxy(
  target: string,
  /**
   * A hostile bank's hand: the answer's body as the app gets it (the witness keeps what the app got). Left as it is
   * unless a test sets one.
   */
  options: { rewrite?: (exchange: WireExchange, body: string) => string | undefined } = {},
): Promise<{ url: string; seen: WireExchange[]; stop(): Promise<void> }> {
  const upstream = new URL(target);
  const seen: WireExchange[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const exchange: WireExchange = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        requestHeaders: incoming.headers,
        requestBody: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(exchange);
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: exchange.method,
          path: exchange.path,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          const back: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => back.push(chunk));
          answer.on('end', () => {
            const original = Buffer.concat(back);
            exchange.status = answer.statusCode ?? 0;
            const rewritten = options.rewrite?.(exchange, original.toString('utf8'));
            const body = rewritten === undefined ? original : Buffer.from(rewritten, 'utf8');
            const headers = { ...answer.headers };
            if (rewritten !== undefined) {
              delete headers['transfer-encoding'];
              headers['content-length'] = String(body.length);
            }
            exchange.responseHeaders = headers;
            exchange.responseBody = body.toString('utf8');
            outgoing.writeHead(answer.statusCode ?? 502, headers);
            outgoing.end(body);
          });
          answer.on('error', () => outgoing.socket?.destroy());
        },
      );
      forward.on('error', () => outgoing.socket?.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
