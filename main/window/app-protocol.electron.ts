import { protocol } from 'electron';
import { APP_SCHEME, serveAppRequest } from './app-files.ts';

/**
 * `app://` as a standard, secure scheme: a real origin (`app://wallet`) for the CSP's `'self'`, the trusted-sender
 * check and the navigation lock, a secure context, and fetch. Never `bypassCSP`. Electron allows this only before
 * the app is ready, so main/index.ts calls it as the module loads.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // corsEnabled: the built page loads its module script and stylesheet with `crossorigin`, i.e. in CORS mode.
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
    },
  ]);
}

/** Serves the built renderer's folder on `app://wallet/` (see app-files.ts); once the app is ready, once per run. */
export function serveAppFiles(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererDir));
}
