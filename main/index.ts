import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHandlers } from './handlers.ts';
import { appUrlMatcher } from './ipc/trusted-sender.ts';
import { registerIpc } from './ipc/register.ts';
import { runElectronApp } from './platform/electron-app.ts';
import { createElectronPlatform } from './platform/electron-platform.ts';
import { createMainWindow } from './platform/main-window.ts';

// Composition root: the services are built from the platform here and nowhere else.
const here = import.meta.dirname;
const rendererFile = join(here, '../renderer/index.html');
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];

const platform = createElectronPlatform();
registerIpc(createHandlers(platform), appUrlMatcher(pathToFileURL(rendererFile).href, devServerUrl));

runElectronApp(() => {
  createMainWindow({
    preloadPath: join(here, '../preload/index.cjs'),
    rendererFile,
    ...(devServerUrl ? { devServerUrl } : {}),
  });
});
