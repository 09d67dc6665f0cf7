import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';

/**
 * A file name in `folder` that nothing has yet: `name`, else `name (2)`, `name (3)`, ... before the extension. A
 * second export on the same day is saved beside the first, never over it.
 */
export function freeName(folder: string, name: string): string {
  if (!existsSync(join(folder, name))) return name;
  const extension = extname(name);
  const base = name.slice(0, name.length - extension.length);
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n})${extension}`;
    if (!existsSync(join(folder, candidate))) return candidate;
  }
}
