import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Platform } from '../../main/platform/platform.ts';

/** The Platform with plain Node adapters, for the browser harness and integration tests. */
export function createNodePlatform(root: string): Platform {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    productName?: string;
    name: string;
    version: string;
  };
  return {
    appInfo: () => ({ name: manifest.productName ?? manifest.name, version: manifest.version }),
  };
}
