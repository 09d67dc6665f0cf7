import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * A power cut, simulated honestly (issue 38): what a store's files hold when fsync last returned for them. After
 * every commit made with `synchronous = FULL` (the log fsynced) the store's database file and its log are copied,
 * as they are at that moment, into one image file (written whole, then renamed: a kill never leaves half an image).
 * Putting that image back (`cutPower`) is the store as a power cut lands it: every synced commit is there; what was
 * committed since with `NORMAL` is gone. It is the worst a power cut can do, and a little worse: a checkpoint
 * (which syncs) after an unsynced commit would have kept that commit, which the image loses too; losing an unsynced
 * commit is allowed anyway, so the image asks no more of the store than a real cut would.
 *
 * Off unless the environment's `A2A_STORE_SYNC_IMAGES` names a folder (the crash test sets it for its children,
 * whose store workers inherit it), or a test in the store's own thread calls `keepSyncImages`.
 */
let folder: string | undefined = process.env['A2A_STORE_SYNC_IMAGES'] || undefined;

export function keepSyncImages(into: string | undefined): void {
  folder = into;
}

const imageOf = (into: string, location: string) => join(into, `${basename(location)}.image`);

/** After a synced commit of the store at `location` (payment-database.ts). */
export function tookSync(location: string): void {
  if (!folder || location === ':memory:') return;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const database = readFileSync(location);
  const log = existsSync(`${location}-wal`) ? readFileSync(`${location}-wal`) : Buffer.alloc(0);
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(database.length));
  const target = imageOf(folder, location);
  writeFileSync(`${target}.tmp`, Buffer.concat([length, database, log]), { mode: 0o600 });
  renameSync(`${target}.tmp`, target);
}

/**
 * The stores at these locations as a power cut would leave them: each put back as its last image holds it (its
 * log's shared memory gone, as memory is). A store without an image was never committed synced since it was made
 * by an import (which closes it, checkpointed and synced): it stays as it is. Returns the stores put back.
 */
export function cutPower(images: string, locations: readonly string[]): string[] {
  const cut: string[] = [];
  for (const location of locations) {
    const image = imageOf(images, location);
    if (!existsSync(image) || !existsSync(location)) continue;
    const bytes = readFileSync(image);
    const length = Number(bytes.readBigUInt64BE(0));
    writeWhole(location, bytes.subarray(8, 8 + length));
    writeWhole(`${location}-wal`, bytes.subarray(8 + length));
    rmSync(`${location}-shm`, { force: true });
    cut.push(location);
  }
  return cut;
}

function writeWhole(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The store's file and its log on disk (fsync: whatever is still only in the system's cache is written). */
export function syncFiles(location: string): void {
  if (location === ':memory:') return;
  for (const path of [location, `${location}-wal`]) {
    if (!existsSync(path)) continue;
    const fd = openSync(path, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
