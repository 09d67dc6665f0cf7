import { parentPort } from 'node:worker_threads';
import { StoreEndpoint } from './store-endpoint.ts';

/**
 * The payment store's worker thread: the databases, their decryption and every history query, off the main process
 * (which owns the windows). Requests are answered in the order they come, except that a search waiting for its
 * history to be read lets others through (history-cache.ts).
 */
const port = parentPort;
if (port) {
  const endpoint = new StoreEndpoint();
  port.on('message', (message: unknown) => {
    void endpoint.reply(message).then((reply) => port.postMessage(reply));
  });
  port.on('close', () => endpoint.close());
}
