import { z } from 'zod';
import type { KeyValueStore } from '../storage/key-value-store.ts';

/** A rectangle in screen coordinates (Electron's `Rectangle`, structurally). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The window's normal (not maximized) bounds and whether it was maximized. */
export interface WindowState extends Rect {
  maximized: boolean;
}

export interface WindowSizing {
  /** The size of a first window, centred on the primary display. */
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** The displays as they are now: their work areas (without task bars and docks), the primary one apart. */
export interface DisplayLayout {
  primary: Rect;
  workAreas: readonly Rect[];
}

export const WINDOW_STATE_KEY = 'window.main';

const Coordinate = z.number().int().min(-100_000).max(100_000);
const Length = z.number().int().min(1).max(100_000);

/** What a settings file may hold under the key; anything else (hand-edited, from an older version) is ignored. */
export const WindowStateSchema = z.object({
  x: Coordinate,
  y: Coordinate,
  width: Length,
  height: Length,
  maximized: z.boolean(),
});

/**
 * How much of the window must lie on one display to count as on it: enough of the title bar to grab. Less than
 * that, and the customer could not get the window back, so it is placed afresh.
 */
const MIN_VISIBLE_WIDTH = 120;
const MIN_VISIBLE_HEIGHT = 60;

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The size fitted to the area (a window from a larger monitor shrinks), but never under the minimum. */
function fitSize(width: number, height: number, area: Rect, sizing: WindowSizing): { width: number; height: number } {
  return {
    width: Math.max(sizing.minWidth, Math.min(width, area.width)),
    height: Math.max(sizing.minHeight, Math.min(height, area.height)),
  };
}

/** Moves the rectangle inside the area; where it is larger than the area, its top left corner stays visible. */
function placeInside(rect: Rect, area: Rect): Rect {
  return {
    ...rect,
    x: Math.max(area.x, clamp(rect.x, area.x, area.x + area.width - rect.width)),
    y: Math.max(area.y, clamp(rect.y, area.y, area.y + area.height - rect.height)),
  };
}

/** The default window: the default size (fitted to the display), centred on the primary display. */
export function defaultWindowState(primary: Rect, sizing: WindowSizing): WindowState {
  const size = fitSize(sizing.width, sizing.height, primary, sizing);
  const centred = {
    x: Math.round(primary.x + (primary.width - size.width) / 2),
    y: Math.round(primary.y + (primary.height - size.height) / 2),
    ...size,
  };
  return { ...placeInside(centred, primary), maximized: false };
}

/**
 * Where to open the window: where it was, if that is still on one of the displays (moved fully onto the display
 * it overlaps most, and shrunk to fit it), else the default. `saved` is whatever the store held.
 */
export function restoreWindowState(saved: unknown, displays: DisplayLayout, sizing: WindowSizing): WindowState {
  const parsed = WindowStateSchema.safeParse(saved);
  if (!parsed.success) return defaultWindowState(displays.primary, sizing);
  const state = parsed.data;

  let best: { area: Rect; visible: number } | undefined;
  for (const area of displays.workAreas) {
    const { width, height } = overlap(state, area);
    if (width < Math.min(MIN_VISIBLE_WIDTH, state.width) || height < Math.min(MIN_VISIBLE_HEIGHT, state.height))
      continue;
    if (!best || width * height > best.visible) best = { area, visible: width * height };
  }
  if (!best) return { ...defaultWindowState(displays.primary, sizing), maximized: state.maximized };

  const size = fitSize(state.width, state.height, best.area, sizing);
  return { ...placeInside({ x: state.x, y: state.y, ...size }, best.area), maximized: state.maximized };
}

/** Reads the saved state; a store that cannot be read counts as nothing saved. */
export function loadWindowState(store: KeyValueStore, displays: DisplayLayout, sizing: WindowSizing): WindowState {
  let saved: unknown;
  try {
    saved = store.get(WINDOW_STATE_KEY);
  } catch {
    saved = undefined;
  }
  return restoreWindowState(saved, displays, sizing);
}

/** Keeps the state for the next start; integers only, so the schema accepts it back. */
export function saveWindowState(store: KeyValueStore, state: WindowState): void {
  const value: WindowState = {
    x: Math.round(state.x),
    y: Math.round(state.y),
    width: Math.round(state.width),
    height: Math.round(state.height),
    maximized: state.maximized,
  };
  if (!WindowStateSchema.safeParse(value).success) return;
  store.set(WINDOW_STATE_KEY, value);
}

/** Timers, injected so that tests drive time instead of sleeping. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Debounced {
  /** Runs the action `delayMs` after the last call. */
  schedule(): void;
  /** Runs a pending action now (on close: the last move must not be lost). */
  flush(): void;
  cancel(): void;
}

/** Moving or resizing fires dozens of events a second; the state is written once they stop. */
export function debounce(action: () => void, delayMs: number, scheduler: Scheduler): Debounced {
  let handle: unknown;
  let pending = false;
  const run = () => {
    pending = false;
    handle = undefined;
    action();
  };
  return {
    schedule() {
      if (pending) scheduler.clearTimeout(handle);
      pending = true;
      handle = scheduler.setTimeout(run, delayMs);
    },
    flush() {
      if (!pending) return;
      scheduler.clearTimeout(handle);
      run();
    },
    cancel() {
      if (pending) scheduler.clearTimeout(handle);
      pending = false;
      handle = undefined;
    },
  };
}
