import type { Locator } from '@playwright/test';
import { expect } from '@playwright/test';
import { fitProblems } from './window-fit.ts';
import type { WalletPage } from './wallet-page.ts';

/**
 * The window's two sizes a screen is looked at in: the default window, and the same window at 200 % zoom, which lays
 * the page out in half the CSS pixels each way.
 */
export const SIZES = [
  ['1024x760', { width: 1024, height: 760 }],
  ['200pc', { width: 512, height: 380 }],
] as const;
export type SizeName = (typeof SIZES)[number][0];

/**
 * Nothing sticks out, overlaps or scrolls sideways; at the first size, axe finds nothing serious too. Zoom lays the
 * same page out again, which `fitProblems` checks at each size; axe's second pass over the same roles, names and
 * colours cost about a second a state.
 */
export async function fits(wallet: WalletPage, size: SizeName): Promise<void> {
  expect(await fitProblems(wallet.page)).toEqual([]);
  if (size === SIZES[0][0]) await wallet.expectAccessible();
}

/**
 * The page as it is now, at each size: it fits, and a screenshot `<name>-<size>`; `shown` is scrolled into view first
 * (a dialog's buttons at 200 %, an outcome). Leaves the window at the default size.
 */
export async function atEachSize(
  wallet: WalletPage,
  name: string,
  options: { window?: boolean; shown?: Locator } = {},
): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await wallet.page.setViewportSize(viewport);
    await options.shown?.scrollIntoViewIfNeeded();
    await fits(wallet, size);
    await wallet.screenshot(`${name}-${size}`, options);
  }
  await wallet.page.setViewportSize(SIZES[0][1]);
}
