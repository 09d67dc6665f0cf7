import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';

/**
 * The app's page comes from `app://wallet/`, a privileged custom scheme, not `file://`: on `file://` the CSP's
 * `'self'` allows every local file, and any local HTML file the window were shown would count as the app. This
 * module decides what such a request gets, with no Electron in it (main/window/app-protocol.electron.ts wires it to
 * `protocol.handle`): only a regular file under the built renderer's folder, of a known type; everything else 404.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'wallet';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

// Only what the build writes. An unknown extension is refused rather than guessed, so nothing is ever sniffed.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

// A file or folder name as the build writes them (`index-D5uq6JBc.js`): no dot first (so no `.` or `..`, no hidden
// files), no separator, no `%`, no drive letter or stream (`:`), no control character.
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

export type AppFileLookup = { ok: true; segments: readonly string[]; contentType: string } | { ok: false; status: 404 };

const NOT_FOUND: AppFileLookup = { ok: false, status: 404 };

/**
 * Which file under the renderer's folder an `app://wallet/...` URL names, as path segments, or 404: another scheme
 * or host, user info or a port, a backslash (Chromium reads it as `/` in a standard scheme), an empty, dot or
 * undecodable segment, an encoded separator, or an unknown type. The query and fragment are ignored.
 */
export function lookUpAppFile(rawUrl: string): AppFileLookup {
  if (rawUrl.includes('\\')) return NOT_FOUND;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return NOT_FOUND;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port || url.username || url.password) {
    return NOT_FOUND;
  }
  const path = url.pathname === '/' || url.pathname === '' ? '/index.html' : url.pathname;
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return NOT_FOUND;
    }
    if (!SAFE_SEGMENT.test(segment)) return NOT_FOUND;
    segments.push(segment);
  }
  const contentType = CONTENT_TYPES[extname(segments.at(-1) ?? '').toLowerCase()];
  return contentType ? { ok: true, segments, contentType } : NOT_FOUND;
}

/** True when `path` is `root` itself or inside it (both already resolved). */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

/**
 * Answers one request of the app's scheme from the files under `root` (out/renderer). The file's real path, after
 * symbolic links, must still be inside the real root: a link pointing out of the folder is refused like a file
 * that is not there.
 */
export async function serveAppRequest(request: Request, root: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  const lookup = lookUpAppFile(request.url);
  if (!lookup.ok) return notFound();
  let body: Buffer;
  try {
    const realRoot = await realpath(root);
    const file = await realpath(join(realRoot, ...lookup.segments));
    if (!isInside(realRoot, file) || !(await stat(file)).isFile()) return notFound();
    body = await readFile(file);
  } catch {
    return notFound();
  }
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': lookup.contentType,
      'content-length': String(body.length),
      'x-content-type-options': 'nosniff',
      // A new build must be picked up at the next start, never an old bundle from a cache.
      'cache-control': 'no-cache',
    },
  });
}
