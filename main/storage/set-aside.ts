import { existsSync } from 'node:fs';

/**
 * The name a damaged file is set aside under, beside it: `<file>.damaged-<ISO time, with dashes for colons>`, with a
 * number after it should that name be taken (two damaged starts in one second).
 */
export function setAsideName(path: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  let name = `${path}.damaged-${stamp}`;
  for (let n = 2; existsSync(name); n += 1) name = `${path}.damaged-${stamp}-${n}`;
  return name;
}
