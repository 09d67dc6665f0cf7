/**
 * What the electron host and the local sandbox tap share inside the child process: one module instance, since
 * both import it by the same URL.
 */
import type { Sandbox } from '../../../sandbox/index.ts';

export const hostState = {
  /** The built local sandbox chunk the tap wraps. */
  sandboxChunk: '',
  /** The sandboxes the app started (at most one: the Local sandbox profile's bank). */
  sandboxes: [] as Sandbox[],
};
