/**
 * Module loader hooks for the electron host (registered with `module.register`): `electron` resolves to the
 * recording mock, since the real package would start a download of the Electron binary; and the built local
 * sandbox chunk, which main/index.ts imports on demand, resolves to local-sandbox-tap.ts, which wraps it so the
 * test can read the sandbox the app started. Everything else resolves as Node resolves it.
 */
import type { ResolveHookContext } from 'node:module';

export interface HookData {
  /** The mock's URL: the host imports it by this URL too, so both share one instance. */
  electron: string;
  /** `out/main/local-sandbox.js` of the build under test. */
  sandboxChunk: string;
  tap: string;
}

let data: HookData | undefined;

export function initialize(given: HookData): void {
  data = given;
}

type NextResolve = (specifier: string, context?: ResolveHookContext) => Promise<{ url: string }>;

export async function resolve(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: NextResolve,
): Promise<{ url: string; shortCircuit?: boolean }> {
  if (!data) throw new Error('electron-hooks.ts was registered without its data');
  if (specifier === 'electron') return { url: data.electron, shortCircuit: true };
  const resolved = await nextResolve(specifier, context);
  // The tap itself imports the real chunk.
  if (resolved.url === data.sandboxChunk && context.parentURL !== data.tap)
    return { url: data.tap, shortCircuit: true };
  return resolved;
}
