import { afterAll, beforeAll } from 'vitest';
import { ROW_HEIGHT } from '../../renderer/src/screens/history/HistoryList.tsx';

/**
 * jsdom lays nothing out: every element is 0 px high, so the virtualized history list would render no row at all.
 * For the tests of the calling file, the list's scroll box gets the height of `rows` rows, as in a window;
 * everything else stays as jsdom has it.
 */
export function historyListShows(rows: number): void {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('history-scroller') ? rows * ROW_HEIGHT : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('history-scroller') ? 800 : 0;
      },
    });
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  });
}
