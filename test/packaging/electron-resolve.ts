/**
 * Module loader hook for packaged-main.ts (registered with `module.register`): `electron` resolves to the recording
 * mock, since the real package would start a download of the Electron binary. Everything else as Node resolves it.
 */
import type { ResolveHookContext } from 'node:module';

let mock: string | undefined;

export function initialize(data: { electron: string }): void {
  mock = data.electron;
}

export async function resolve(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: (specifier: string, context?: ResolveHookContext) => Promise<{ url: string }>,
): Promise<{ url: string; shortCircuit?: boolean }> {
  if (specifier === 'electron' && mock) return { url: mock, shortCircuit: true };
  return nextResolve(specifier, context);
}
