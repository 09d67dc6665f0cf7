import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collectYoung, runPaced, slicePacer, YOUNG_COLLECT_BYTES, youngBytes } from '../../../main/payments/pacer.ts';

/** The kinds of the garbage collections V8 reports while `run` runs, as Node's perf_hooks see them. */
async function collectionsDuring(run: () => void): Promise<number[]> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  run();
  // perf_hooks delivers gc entries on a later turn of the event loop.
  for (let turn = 0; turn < 20 && entries.length === 0; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  observer.disconnect();
  return entries.map((entry) => (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind);
}

describe('the pacer of long work on the main process (issue 17)', () => {
  it('collects the young generation between slices, each in a turn of its own, with the window answered before and after', async () => {
    const order: string[] = [];
    const pacer = slicePacer(0, () => {
      order.push('collect');
      // A window's call arriving while the collection runs.
      setImmediate(() => order.push('arrived during the collection'));
    });
    setImmediate(() => order.push('queued before the pause'));
    await pacer.pause().then(() => order.push('next slice'));
    expect(order).toEqual(['queued before the pause', 'collect', 'arrived during the collection', 'next slice']);
  });

  it('pauses (and so collects) only when a slice is used up', async () => {
    let collections = 0;
    function* work(): Generator<undefined, string> {
      for (let step = 0; step < 5; step++) yield undefined;
      return 'done';
    }
    await expect(
      runPaced(
        work(),
        slicePacer(60_000, () => collections++),
      ),
    ).resolves.toBe('done');
    expect(collections).toBe(0);
    await expect(
      runPaced(
        work(),
        slicePacer(0, () => collections++),
      ),
    ).resolves.toBe('done');
    expect(collections).toBe(5);
  });

  it('asks V8 for a young-generation (minor) collection, not a full one', async () => {
    const kinds = await collectionsDuring(() => collectYoung(0));
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MINOR);
    expect(kinds).not.toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });

  it('asks for nothing while the young generation holds less than the threshold', async () => {
    expect(youngBytes()).toBeLessThan(YOUNG_COLLECT_BYTES * 64);
    expect(await collectionsDuring(() => collectYoung(Number.MAX_SAFE_INTEGER))).toEqual([]);
  });

  it('leaves no gc function behind for other code', () => {
    collectYoung();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
