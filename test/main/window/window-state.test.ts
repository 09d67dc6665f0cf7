import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../main/storage/key-value-store.ts';
import type { DisplayLayout, Scheduler, WindowSizing } from '../../../main/window/window-state.ts';
import {
  WINDOW_STATE_KEY,
  debounce,
  defaultWindowState,
  loadWindowState,
  restoreWindowState,
  saveWindowState,
} from '../../../main/window/window-state.ts';

const sizing: WindowSizing = { width: 1024, height: 760, minWidth: 480, minHeight: 560 };
const laptop = { x: 0, y: 0, width: 1440, height: 860 };
const rightMonitor = { x: 1440, y: -200, width: 2560, height: 1400 };
const one: DisplayLayout = { primary: laptop, workAreas: [laptop] };
const two: DisplayLayout = { primary: laptop, workAreas: [laptop, rightMonitor] };
const centred = { x: 208, y: 50, width: 1024, height: 760, maximized: false };

describe('restoring the window state', () => {
  it('opens a first window at the default size, centred on the primary display', () => {
    expect(restoreWindowState(undefined, one, sizing)).toEqual(centred);
    expect(defaultWindowState({ x: 100, y: 50, width: 2000, height: 1000 }, sizing)).toEqual({
      x: 588,
      y: 170,
      width: 1024,
      height: 760,
      maximized: false,
    });
  });

  it('puts the window back where it was when that is on a display', () => {
    const saved = { x: 1600, y: 0, width: 1200, height: 900, maximized: true };
    expect(restoreWindowState(saved, two, sizing)).toEqual(saved);
  });

  it('falls back to the default when the saved position is on no current display', () => {
    const onUnpluggedMonitor = { x: 1600, y: 0, width: 1200, height: 900, maximized: false };
    expect(restoreWindowState(onUnpluggedMonitor, one, sizing)).toEqual(centred);
    // Maximized stays maximized, on the primary display.
    expect(restoreWindowState({ ...onUnpluggedMonitor, maximized: true }, one, sizing)).toEqual({
      ...centred,
      maximized: true,
    });
  });

  it('treats a window with only a sliver on screen as off screen', () => {
    const sliver = { x: 1400, y: 100, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(sliver, one, sizing)).toEqual(centred);
  });

  it('moves a window that hangs over the edge fully onto its display', () => {
    const overhanging = { x: 900, y: 500, width: 1000, height: 700, maximized: false };
    expect(restoreWindowState(overhanging, one, sizing)).toEqual({
      x: 440,
      y: 160,
      width: 1000,
      height: 700,
      maximized: false,
    });
    const aboveTop = { x: -300, y: -100, width: 800, height: 600, maximized: false };
    expect(restoreWindowState(aboveTop, one, sizing)).toEqual({
      x: 0,
      y: 0,
      width: 800,
      height: 600,
      maximized: false,
    });
  });

  it('places a window spanning two displays on the one it covers most', () => {
    const spanning = { x: 1200, y: 0, width: 1200, height: 800, maximized: false };
    expect(restoreWindowState(spanning, two, sizing)).toEqual({
      x: 1440,
      y: 0,
      width: 1200,
      height: 800,
      maximized: false,
    });
  });

  it('shrinks a window from a larger monitor to the display, but not below the minimum size', () => {
    const huge = { x: 0, y: 0, width: 2400, height: 1300, maximized: false };
    expect(restoreWindowState(huge, one, sizing)).toEqual({ x: 0, y: 0, width: 1440, height: 860, maximized: false });
    const tiny = { x: 10, y: 10, width: 200, height: 100, maximized: false };
    expect(restoreWindowState(tiny, one, sizing)).toEqual({ x: 10, y: 10, width: 480, height: 560, maximized: false });
  });

  it('keeps the minimum size on a display smaller than that, with the top left corner on screen', () => {
    const small = { x: 0, y: 0, width: 400, height: 400 };
    expect(restoreWindowState(undefined, { primary: small, workAreas: [small] }, sizing)).toEqual({
      x: 0,
      y: 0,
      width: 480,
      height: 560,
      maximized: false,
    });
  });

  it.each([
    ['null', null],
    ['a string', '{"x":1}'],
    ['missing fields', { x: 10, y: 10, width: 800 }],
    ['fractions', { x: 10.5, y: 10, width: 800, height: 600, maximized: false }],
    ['negative size', { x: 10, y: 10, width: -800, height: 600, maximized: false }],
    ['absurd coordinates', { x: 1e12, y: 10, width: 800, height: 600, maximized: false }],
    ['NaN', { x: Number.NaN, y: 10, width: 800, height: 600, maximized: false }],
    ['maximized as a string', { x: 10, y: 10, width: 800, height: 600, maximized: 'yes' }],
  ])('ignores garbage in the store (%s)', (_name, saved) => {
    expect(restoreWindowState(saved, one, sizing)).toEqual(centred);
  });
});

describe('the window state in the store', () => {
  it('round-trips through the key-value store, rounded to whole pixels', () => {
    const store = new MemoryStore();
    saveWindowState(store, { x: 100.4, y: 80.6, width: 900, height: 700, maximized: true });
    expect(store.get(WINDOW_STATE_KEY)).toEqual({ x: 100, y: 81, width: 900, height: 700, maximized: true });
    expect(loadWindowState(store, one, sizing)).toEqual({ x: 100, y: 81, width: 900, height: 700, maximized: true });
  });

  it('does not write a state it would not accept back', () => {
    const store = new MemoryStore();
    saveWindowState(store, { x: 0, y: 0, width: 0, height: 700, maximized: false });
    expect(store.data.has(WINDOW_STATE_KEY)).toBe(false);
  });

  it('opens at the default when the store cannot be read', () => {
    const broken = {
      get: () => {
        throw new Error('EACCES');
      },
      set: () => undefined,
      delete: () => undefined,
    };
    expect(loadWindowState(broken, one, sizing)).toEqual(centred);
  });
});

/** Timers that run when the test says so. */
function manualScheduler() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const scheduler: Scheduler = {
    setTimeout(callback, ms) {
      const id = next++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= now) {
        timers.delete(id);
        timer.callback();
      }
    }
  };
  return { scheduler, advance, pending: () => timers.size };
}

describe('debounced saving', () => {
  it('runs once, after the events stop', () => {
    const { scheduler, advance } = manualScheduler();
    let runs = 0;
    const saver = debounce(() => runs++, 500, scheduler);
    for (let i = 0; i < 10; i++) {
      saver.schedule();
      advance(100);
    }
    expect(runs).toBe(0);
    advance(400);
    expect(runs).toBe(1);
    advance(5000);
    expect(runs).toBe(1);
  });

  it('runs a pending save at once on flush, and nothing when none is pending', () => {
    const { scheduler, advance, pending } = manualScheduler();
    let runs = 0;
    const saver = debounce(() => runs++, 500, scheduler);
    saver.flush();
    expect(runs).toBe(0);
    saver.schedule();
    saver.flush();
    expect(runs).toBe(1);
    expect(pending()).toBe(0);
    advance(1000);
    expect(runs).toBe(1);
  });

  it('drops a pending save on cancel', () => {
    const { scheduler, advance } = manualScheduler();
    let runs = 0;
    const saver = debounce(() => runs++, 500, scheduler);
    saver.schedule();
    saver.cancel();
    advance(1000);
    saver.flush();
    expect(runs).toBe(0);
  });
});
