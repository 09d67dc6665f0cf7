import { lookup } from 'node:dns/promises';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { isAbsolute, resolve as resolvePath } from 'node:path';

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
  /** Opens a TCP connection to host:port and closes it; rejects where it cannot (refused, filtered, timed out). */
  connect?: (host: string, port: number) => Promise<unknown>;
}

/** Whether the build already has an Electron to package (`-c.electronDist=...`, `--config.electronDist ...`). */
export function hasElectronDist(builderArgs: readonly string[]): boolean {
  return electronDistOf(builderArgs) !== undefined;
}

/** The value of `-c.electronDist=<dir>` or `--config.electronDist <dir>`, if given. */
export function electronDistOf(builderArgs: readonly string[]): string | undefined {
  let found: string | undefined;
  builderArgs.forEach((arg, index) => {
    const match = /^(-c|--config)\.electronDist(=(.*))?$/.exec(arg);
    if (match) found = match[2] === undefined ? (builderArgs[index + 1] ?? '') : (match[3] ?? '');
  });
  return found;
}

/**
 * A proxy in the environment: the download goes through it, so a direct connection says nothing about whether it
 * works, and only the name is looked up.
 */
function proxyOf(env: NodeJS.ProcessEnv): string | undefined {
  return ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'ALL_PROXY', 'all_proxy']
    .map((name) => env[name])
    .find(Boolean);
}

function tcpConnect(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: 5000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`connecting to ${host}:${port} timed out`));
    });
    socket.once('error', reject);
  });
}

/**
 * One paragraph, the same for github.com and for a mirror: the name does not resolve, nothing answers at its port,
 * or ELECTRON_MIRROR is not a URL at all (it used to end in a TypeError's stack, or, for a mirror that resolves but
 * does not answer, in electron-builder's own stack a minute later).
 */
export async function offlineAdvice(check: NetworkCheck): Promise<string | undefined> {
  if (hasElectronDist(check.builderArgs)) return undefined;
  const mirror = check.env['ELECTRON_MIRROR'];
  let url: URL;
  try {
    url = new URL(mirror || 'https://github.com/');
  } catch {
    return advice(
      `ELECTRON_MIRROR (${JSON.stringify(mirror)}) is not a URL such as https://mirror.example/electron/`,
      check.env,
    );
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'http:' ? 80 : 443);
  try {
    await (check.resolve ?? ((name: string) => lookup(name)))(host);
    if (!proxyOf(check.env)) await (check.connect ?? tcpConnect)(host, port);
    return undefined;
  } catch {
    return advice(`${url.hostname} cannot be reached from here`, check.env);
  }
}

function advice(subject: string, env: NodeJS.ProcessEnv): string {
  return (
    `${subject}, and electron-builder would download Electron from it (and, for some targets, its tools from ` +
    `${env['ELECTRON_BUILDER_BINARIES_MIRROR'] ? 'ELECTRON_BUILDER_BINARIES_MIRROR' : 'github.com'}). ` +
    'Point ELECTRON_MIRROR (Electron) and ELECTRON_BUILDER_BINARIES_MIRROR (its tools) at a mirror you can reach, ' +
    'or give an unpacked Electron of the right version with -c.electronDist=<folder> after --. See "Building ' +
    'without network" in docs/PACKAGING.md.'
  );
}

/**
 * What is wrong with `-c.electronDist`, before anything is built: electron-builder only finds out after the build,
 * with a bare ENOENT, and leaves an unfinished dist/ behind. It takes a folder with an unpacked Electron (`electron`,
 * `electron.exe` or `Electron.app` in it), a folder holding Electron's release zip, or that zip itself; a relative
 * path is relative to the project.
 */
export function electronDistProblem(builderArgs: readonly string[], projectDir: string): string | undefined {
  const given = electronDistOf(builderArgs);
  if (given === undefined) return undefined;
  const hint =
    'Unpack the Electron release of the version in package.json for the target system (from ' +
    'https://github.com/electron/electron/releases or your mirror) and give its folder, or give the release zip.';
  if (!given.trim()) return `-c.electronDist is empty. ${hint}`;
  const dir = isAbsolute(given) ? given : resolvePath(projectDir, given);
  if (!existsSync(dir)) return `-c.electronDist: ${dir} does not exist. ${hint}`;
  if (statSync(dir).isFile()) {
    return dir.endsWith('.zip') ? undefined : `-c.electronDist: ${dir} is neither a folder nor a .zip. ${hint}`;
  }
  const entries = readdirSync(dir);
  const electron = ['electron', 'electron.exe', 'Electron.app'].some((name) => entries.includes(name));
  const zip = entries.some((name) => /^electron-v.+\.zip$/.test(name));
  return electron || zip
    ? undefined
    : `-c.electronDist: ${dir} holds no Electron (no electron, electron.exe, Electron.app or electron-v*.zip in it). ${hint}`;
}
