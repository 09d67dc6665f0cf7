import type { HandlerTable } from './dispatch.ts';
import type { Platform } from './platform/platform.ts';

/** The handler table, built from the services. */
export function createHandlers(platform: Platform): HandlerTable {
  return {
    appInfo: () => platform.appInfo(),
  };
}
