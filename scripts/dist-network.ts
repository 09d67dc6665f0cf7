import { lookup } from 'node:dns/promises';

/**
 * Before `npm run dist` spends a minute building: electron-builder downloads Electron (and, for some targets, its
 * tools) from GitHub unless told otherwise. Without a route there it fails late, with a long ENOTFOUND stack. This
 * says so at once, in one paragraph, with the ways around it.
 */
export interface NetworkCheck {
  /** The electron-builder arguments as given after `--`. */
  builderArgs: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Resolves a host name; rejects where it cannot (offline, no DNS). */
  resolve?: (host: string) => Promise<unknown>;
}

/** Whether the build already has an Electron to package (`-c.electronDist=...`, `--config.electronDist ...`). */
export function hasElectronDist(builderArgs: readonly string[]): boolean {
  return builderArgs.some((arg) => /^(-c|--config)\.electronDist(=|$)/.test(arg));
}

export async function offlineAdvice(check: NetworkCheck): Promise<string | undefined> {
  if (hasElectronDist(check.builderArgs)) return undefined;
  const mirror = check.env['ELECTRON_MIRROR'];
  const host = mirror ? new URL(mirror).hostname : 'github.com';
  try {
    await (check.resolve ?? ((name: string) => lookup(name)))(host);
    return undefined;
  } catch {
    return (
      `${host} cannot be reached from here, and electron-builder would download Electron from it (and, for ` +
      `some targets, its tools from ${check.env['ELECTRON_BUILDER_BINARIES_MIRROR'] ? 'ELECTRON_BUILDER_BINARIES_MIRROR' : 'github.com'}). ` +
      'Point ELECTRON_MIRROR (Electron) and ELECTRON_BUILDER_BINARIES_MIRROR (its tools) at a mirror you can reach, ' +
      'or give an unpacked Electron of the right version with -c.electronDist=<folder> after --. See "Building ' +
      'without network" in docs/PACKAGING.md.'
    );
  }
}
