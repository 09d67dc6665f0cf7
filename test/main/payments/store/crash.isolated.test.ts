import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCrashTest } from '../../../../scripts/crash-test.ts';

/**
 * Issue 28's crash test, a short run of it (the benchmark runs 200 kills, scripts/bench-core.ts): the payment core in
 * a child process killed with SIGKILL at random points while it imports an old journal, opens, pays, checks again and
 * follows up. After every restart no confirmed intent is lost, the bank holds no POST whose intent was not on disk,
 * no request id was processed twice, and no damaged store goes unflagged (scripts/crash-test.ts says how each is
 * told). About 10 to 25 s, most of it the children starting Node and the store's worker.
 */
describe('the payment core killed at random points', () => {
  it('loses no confirmed intent, sends nothing twice or without its intent on disk, and damages nothing unseen', async () => {
    const result = await runCrashTest({ kills: 12, seed: 2028, postKillRate: 0.5, powerCutRate: 0.5 });

    expect(result.childFailures).toEqual([]);
    expect(result.kills).toBe(12);
    // Every kill was followed by a start that opened the store and was checked (a kill before the store opened is
    // checked by the next start), the last one included.
    expect(result.restarts).toBeGreaterThanOrEqual(3);
    expect(result.confirmed).toBeGreaterThan(0);
    expect(result.lostIntents).toBe(0);
    expect(result.postsWithoutIntent).toBe(0);
    expect(result.duplicatePosts).toBe(0);
    expect(result.unflaggedDamage).toBe(0);
    expect(result.importChanged).toBe(0);
    // A payment the bank holds never reads as unsent (it could then be dropped, as if it had not gone).
    expect(result.sentShownUnsent).toBe(0);
    // Nor does one whose POST left the app (the bank got it or not), after a kill at that POST and a power cut
    // (issue 38): both happened in this run.
    expect(result.killsAtPost).toBeGreaterThan(0);
    expect(result.powerCuts).toBeGreaterThan(0);
    expect(result.postsShownUnsent).toBe(0);
  }, 120_000);

  it('stopped by an error midway, leaves no child running and no folder of its own behind', async () => {
    const folders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('a2a-crash'));
    const before = new Set(folders());
    // The first line it logs throws, however it comes (after a run, or from a check while a child's line is read):
    // the child started ahead for the next run is alive then.
    const stopped = runCrashTest({
      kills: 5,
      seed: 7,
      log: () => {
        throw new Error('stopped by the test');
      },
    });
    await expect(stopped).rejects.toThrow('stopped by the test');
    const children = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes('crash-child'));
    expect(children).toEqual([]);
    expect(folders().filter((name) => !before.has(name))).toEqual([]);
  }, 60_000);
});
