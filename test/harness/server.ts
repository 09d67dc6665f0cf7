import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { invokeChannelNames } from '../../common/bridge-contract.ts';
import { createHandlers } from '../../main/handlers.ts';
import { dispatch } from '../../main/dispatch.ts';
import { createNodePlatform } from './node-platform.ts';

/**
 * The browser harness: the same handler table as the Electron app, carried over HTTP, and the built renderer
 * with a `window.wallet` that speaks that transport. A development and test tool: loopback only, never packaged.
 */
export interface Harness {
  url: string;
  stop(): Promise<void>;
}

export interface HarnessOptions {
  root: string;
  port?: number;
}

/** The bridge for the page: one method per invoke channel, each a POST to /rpc/<channel> with the run's token. */
function bridgeScript(token: string): string {
  const methods = invokeChannelNames.map(
    (name) => `${JSON.stringify(name)}: (request) => call(${JSON.stringify(name)}, request)`,
  );
  return `(() => {
  const call = async (channel, request) => {
    const response = await fetch('/rpc/' + channel, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-harness-token': ${JSON.stringify(token)} },
      body: JSON.stringify(request === undefined ? null : request),
    });
    return response.json();
  };
  Object.defineProperty(window, 'wallet', { value: Object.freeze({ ${methods.join(', ')} }) });
})();
`;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = join(options.root, 'out', 'renderer');
  const indexHtml = await readFile(join(rendererDir, 'index.html'), 'utf8').catch(() => {
    throw new Error(`${rendererDir} has no index.html: run \`npm run build\` first`);
  });
  const token = randomBytes(24).toString('base64url');
  // A classic script runs before the page's module scripts, so window.wallet exists when the app starts.
  const page = indexHtml.replace('<script', '<script src="/__harness/wallet.js"></script>\n    <script');
  const table = createHandlers(createNodePlatform(options.root));

  const server = Fastify({ logger: false });
  await server.register(fastifyStatic, { root: rendererDir, index: false, wildcard: true });
  server.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  server.get('/__harness/wallet.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(bridgeScript(token)),
  );
  server.post<{ Params: { channel: string } }>('/rpc/:channel', async (request, reply) => {
    if (request.headers['x-harness-token'] !== token) return reply.code(403).send({ error: 'bad harness token' });
    // JSON has no `undefined`: a request without a payload travels as null.
    const payload = request.body === null ? undefined : request.body;
    return dispatch(table, request.params.channel, payload);
  });

  const address = await server.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return { url: address, stop: () => server.close() };
}
