import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with exactly the headers given, `Host` included, as a browser under DNS rebinding or a
 * cross-site page would send them (fetch would set `Host` and the `Sec-Fetch-*` headers itself).
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        headers: { host: base.host, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

export interface RawEventStream {
  /** The next event of this channel (others are passed over), as sent: its data parsed. */
  next(channel: string): Promise<unknown>;
  close(): void;
}

/** A server-sent event stream read over one raw request, as a page's EventSource would hold it open. */
export function rawEvents(baseUrl: string, path: string): Promise<RawEventStream> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const events: { channel: string; data: unknown }[] = [];
    const waiters: (() => void)[] = [];
    let buffer = '';
    const outgoing = request(
      { hostname: base.hostname, port: base.port, path, headers: { host: base.host } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`events answered ${String(response.statusCode)}`));
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const channel = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (channel !== undefined && data !== undefined) events.push({ channel, data: JSON.parse(data) });
          }
          for (const waiter of waiters.splice(0)) waiter();
        });
        resolve({
          async next(channel) {
            for (;;) {
              const event = events.shift();
              if (event?.channel === channel) return event.data;
              if (!event) await new Promise<void>((arrived) => waiters.push(arrived));
            }
          },
          close: () => outgoing.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
