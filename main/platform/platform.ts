import type { AppInfo } from '../../common/bridge-contract.ts';

/**
 * What the core needs from its host. Electron implements it in `electron-platform.ts`; tests and the
 * browser harness implement it with plain Node, so no service depends on Electron directly.
 */
export interface Platform {
  appInfo(): AppInfo;
}
