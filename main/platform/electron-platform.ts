import { app } from 'electron';
import type { Platform } from './platform.ts';

export function createElectronPlatform(): Platform {
  return {
    appInfo: () => ({ name: app.getName(), version: app.getVersion() }),
  };
}
