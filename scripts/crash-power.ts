import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { INITIATIONS_PATH } from '../sandbox/index.ts';
import { cutPower } from '../main/payments/store/sync-images.ts';

/**
 * The crash test's kill points at a send and its power cut (issue 38), beside scripts/crash-test.ts.
 *
 * The gate: the children reach the sandbox bank through it (a plain HTTP hop in the test's process). Armed, it
 * kills the child the moment a payment's POST has arrived whole, before the bank has it, and then passes the POST on
 * to the bank or not: the store sees a kill between its "sending" and the POST's answer, with the POST lost on the
 * way or processed. Every POST that reached it is remembered by its request id: such a payment must never read as
 * never sent again.
 */
export interface PostGate {
  url: string;
  /** The next POST of a payment runs `onPost` (the kill) once it has arrived, then goes to the bank if `passOn`. */
  arm(onPost: () => void, passOn: boolean): void;
  disarm(): void;
  /** The request ids of every POST of a payment that reached the gate. */
  readonly posted: ReadonlySet<string>;
  stop(): Promise<void>;
}

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPostGate(bank: string): Promise<PostGate> {
  const posted = new Set<string>();
  let armed: { onPost: () => void; passOn: boolean } | undefined;

  const forward = async (request: IncomingMessage, body: Buffer) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers.set(name, String(value));
    }
    const method = request.method ?? 'GET';
    return fetch(`${bank}${request.url ?? '/'}`, {
      method,
      headers,
      redirect: 'manual',
      ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
    });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await bodyOf(request);
    const path = (request.url ?? '').split('?')[0];
    if (request.method === 'POST' && path === INITIATIONS_PATH) {
      const requestId = request.headers['x-request-id'];
      if (typeof requestId === 'string') posted.add(requestId);
      const kill = armed;
      if (kill) {
        armed = undefined;
        kill.onPost();
        // Nobody is there to answer now; the bank has it or not.
        if (kill.passOn)
          await forward(request, body).then(
            (answer) => answer.arrayBuffer(),
            () => null,
          );
        response.socket?.destroy();
        return;
      }
    }
    try {
      const answer = await forward(request, body);
      const headers: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name) && name !== 'content-encoding') headers[name] = value;
      });
      const bytes = Buffer.from(await answer.arrayBuffer());
      response.writeHead(answer.status, headers).end(bytes);
    } catch {
      // The bank dropped the connection (a fault it was told to make): so does the gate.
      response.socket?.destroy();
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.socket?.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arm(onPost, passOn) {
      armed = { onPost, passOn };
    },
    disarm() {
      armed = undefined;
    },
    posted,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A power cut, after a kill: every customer's store in the data folder put back as its last fsync left it (the
 * children's store workers keep that image, main/payments/store/sync-images.ts, when A2A_STORE_SYNC_IMAGES names
 * `images`). The settings file (the marks) is written with fsync and rename, so it stays as it is.
 */
export function powerCut(dataDir: string, profile: string, images: string): number {
  const folder = join(dataDir, 'payments', profile);
  if (!existsSync(folder)) return 0;
  const stores = readdirSync(folder)
    .filter((name) => name.endsWith('.sqlite'))
    .map((name) => join(folder, name));
  return cutPower(images, stores).length;
}
