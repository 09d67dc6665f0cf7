import type { Page } from '@playwright/test';

/** One thing that does not fit: what kind, which element (tag, test id or class, its text), and the numbers. */
export interface FitProblem {
  kind: 'clipped' | 'overlap' | 'sideways' | 'dialog-height' | 'scroll-areas' | 'unreachable';
  what: string;
  detail: string;
}

/**
 * Issue 27 (zoom): what is on screen now, checked for text and controls that do not fit. The open modal dialog if
 * there is one, else the whole page:
 *
 * - clipped: a text's box runs past an ancestor that cuts it off and does not scroll (an ellipsis is by design if the
 *   box keeps at least three characters' width), or a control runs past its own box's parent that cuts it off;
 * - overlap: the text of two different elements (or a control and a text) drawn over each other, in the same layer
 *   (a sticky bar over the form it scrolls past is by design);
 * - sideways: the page itself scrolls sideways (a region may, the window may not);
 * - dialog-height: a dialog taller or wider than the window;
 * - scroll-areas: a dialog with more than one area that scrolls (the dialog and a region inside it);
 * - unreachable: a button, link or field that, scrolled to as far as its scroll containers go, is still not wholly
 *   in the window, or is covered by something else there.
 *
 * Scroll positions are put back afterwards.
 */
export async function fitProblems(page: Page): Promise<FitProblem[]> {
  return page.evaluate(() => {
    const problems: FitProblem[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    const modals = [...document.querySelectorAll<HTMLElement>('[aria-modal="true"]')];
    const dialog = modals[modals.length - 1];
    const root: HTMLElement = dialog ?? document.body;
    const px = (n: number) => `${String(Math.round(n))}px`;

    const name = (el: Element): string => {
      if (el instanceof HTMLSelectElement) return `<select> "${el.selectedOptions[0]?.text ?? ''}"`;
      const id = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : '';
      const text = (el.textContent ?? (el as HTMLInputElement).value ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id ? ` data-testid=${id}` : cls}> "${text}"`;
    };
    interface Box {
      left: number;
      top: number;
      right: number;
      bottom: number;
    }
    const box = (r: DOMRect | Box): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const meet = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const empty = (b: Box, slack = 0) => b.right - b.left <= slack || b.bottom - b.top <= slack;
    const inside = (a: Box, b: Box, slack = 1) =>
      a.left >= b.left - slack && a.right <= b.right + slack && a.top >= b.top - slack && a.bottom <= b.bottom + slack;
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    const isControl = (el: Element) => el.matches('input:not([type=hidden]), select, textarea');
    /** The padding box of an element that cuts off what it holds, in the window's coordinates. */
    const paddingBox = (el: HTMLElement): Box => {
      const r = el.getBoundingClientRect();
      return {
        left: r.left + el.clientLeft,
        top: r.top + el.clientTop,
        right: r.left + el.clientLeft + el.clientWidth,
        bottom: r.top + el.clientTop + el.clientHeight,
      };
    };
    const clippers = (el: Element) => {
      const out: { el: HTMLElement; scrolls: boolean }[] = [];
      for (let at = el.parentElement; at && at !== document.documentElement; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
          out.push({ el: at, scrolls: scrolls(style.overflowX) || scrolls(style.overflowY) });
        if (style.position === 'fixed') break;
      }
      return out;
    };
    /** What of a box can be seen when the page is scrolled to it: less what every clipping ancestor cuts off. */
    const seen = (el: Element, b: Box): Box => {
      let out = b;
      for (const clip of clippers(el)) out = meet(out, paddingBox(clip.el));
      return out;
    };
    const layer = (el: Element): Element | null => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const position = getComputedStyle(at).position;
        if (position === 'fixed' || position === 'sticky') return at;
      }
      return null;
    };
    // Shown: laid out and visible, not said to a screen reader only; a text cut to no width at all is still shown.
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.height > 1 && el.checkVisibility({ visibilityProperty: true }) && !el.closest('.visually-hidden');
    };

    // The texts: every element's own text (its text nodes, measured as drawn), and the fields' boxes.
    const texts: { el: Element; boxes: Box[] }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const byElement = new Map<Element, Box[]>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || el.closest('option, script, style, select')) continue;
      if (!shown(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map(box);
      byElement.set(el, [...(byElement.get(el) ?? []), ...rects]);
    }
    for (const [el, boxes] of byElement) texts.push({ el, boxes });
    for (const el of root.querySelectorAll('input:not([type=hidden]), select, textarea')) {
      if (shown(el)) texts.push({ el, boxes: [box(el.getBoundingClientRect())] });
    }

    // Clipped: cut off by an ancestor that does not scroll.
    for (const { el, boxes } of texts) {
      const style = getComputedStyle(el);
      const fontSize = parseFloat(style.fontSize);
      for (const clip of clippers(el)) {
        if (clip.scrolls) continue;
        const edge = paddingBox(clip.el);
        const ellipsis =
          getComputedStyle(clip.el).textOverflow === 'ellipsis' && edge.right - edge.left >= 3 * fontSize;
        if (ellipsis) continue;
        const out = boxes.find((b) => !inside(b, edge));
        if (out) {
          problems.push({
            kind: 'clipped' as const,
            what: name(el),
            detail: `text ${px(out.left)}–${px(out.right)} × ${px(out.top)}–${px(out.bottom)} cut off by ${name(clip.el)} (${px(edge.left)}–${px(edge.right)} × ${px(edge.top)}–${px(edge.bottom)})`,
          });
          break;
        }
      }
      // A block of its own whose text is wider than it, with nothing to show the rest.
      if (
        !isControl(el) &&
        style.display !== 'inline' &&
        style.display !== 'contents' &&
        el.scrollWidth > el.clientWidth + 1 &&
        !scrolls(style.overflowX) &&
        !(style.textOverflow === 'ellipsis' && el.clientWidth >= 3 * fontSize) &&
        style.overflowX !== 'visible'
      ) {
        problems.push({
          kind: 'clipped',
          what: name(el),
          detail: `scrollWidth ${String(el.scrollWidth)} > clientWidth ${String(el.clientWidth)}`,
        });
      }
    }

    // A select shows its chosen option in its own box, with the arrow: the option's text must fit beside it.
    const measure = document.createElement('canvas').getContext('2d')!;
    for (const select of root.querySelectorAll('select')) {
      const option = select.selectedOptions[0];
      if (!shown(select) || !option) continue;
      const style = getComputedStyle(select);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      const needs = measure.measureText(option.text).width;
      if (needs > room + 1) {
        problems.push({
          kind: 'clipped',
          what: name(select),
          detail: `its option "${option.text}" needs ${px(needs)}, the select has room for ${px(room)}`,
        });
      }
    }

    // Overlap: two elements' texts over each other, in the same layer, where they can be seen.
    const visible = texts
      .map((t) => ({ ...t, seen: t.boxes.map((b) => seen(t.el, b)).filter((b) => !empty(b)), layer: layer(t.el) }))
      .filter((t) => t.seen.length > 0);
    for (let i = 0; i < visible.length; i += 1) {
      for (let j = i + 1; j < visible.length; j += 1) {
        const a = visible[i]!;
        const b = visible[j]!;
        if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const hit = a.seen.flatMap((x) => b.seen.map((y) => meet(x, y))).find((m) => !empty(m, 2));
        if (hit) {
          problems.push({
            kind: 'overlap',
            what: `${name(a.el)} and ${name(b.el)}`,
            detail: `over each other at ${px(hit.left)}–${px(hit.right)} × ${px(hit.top)}–${px(hit.bottom)}`,
          });
        }
      }
    }

    // Sideways: the window itself never scrolls sideways.
    if (document.documentElement.scrollWidth > vw + 1) {
      problems.push({
        kind: 'sideways',
        what: 'the page',
        detail: `scrollWidth ${String(document.documentElement.scrollWidth)} > window ${String(vw)}`,
      });
    }

    // The dialog: inside the window, and at most one area of it scrolls.
    if (dialog) {
      const r = dialog.getBoundingClientRect();
      if (!inside(box(r), { left: 0, top: 0, right: vw, bottom: vh })) {
        problems.push({
          kind: 'dialog-height',
          what: name(dialog.querySelector('h2') ?? dialog),
          detail: `(max-height ${getComputedStyle(dialog).maxHeight}) dialog ${px(r.left)}–${px(r.right)} × ${px(r.top)}–${px(r.bottom)} in a window of ${px(vw)} × ${px(vh)}`,
        });
      }
      const areas = [dialog, ...dialog.querySelectorAll<HTMLElement>('*')].filter((el) => {
        if (isControl(el)) return false;
        const style = getComputedStyle(el);
        return (
          (scrolls(style.overflowY) && el.scrollHeight > el.clientHeight + 1) ||
          (scrolls(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
        );
      });
      if (areas.length > 1) {
        problems.push({
          kind: 'scroll-areas',
          what: name(dialog.querySelector('h2') ?? dialog),
          detail: `${String(areas.length)} areas scroll: ${areas.map((el) => name(el).slice(0, 50)).join('; ')}`,
        });
      }
    }

    // Reachable: every control, scrolled to, is wholly in the window and on top there.
    const positions = [document.scrollingElement!, ...document.querySelectorAll('*')]
      .filter((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)
      .map((el) => ({ el, top: el.scrollTop, left: el.scrollLeft }));
    for (const el of root.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea',
    )) {
      if (!shown(el) || el.closest('.skip-link')) continue;
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = box(el.getBoundingClientRect());
      const see = meet(seen(el, r), { left: 0, top: 0, right: vw, bottom: vh });
      const x = (see.left + see.right) / 2;
      const y = (see.top + see.bottom) / 2;
      const top = empty(see) ? null : document.elementFromPoint(x, y);
      if (!inside(r, see, 1) || !top || !(el === top || el.contains(top) || top.contains(el))) {
        problems.push({
          kind: 'unreachable',
          what: name(el),
          detail: `scrolled to, at ${px(r.left)}–${px(r.right)} × ${px(r.top)}–${px(r.bottom)}, seen ${px(see.left)}–${px(see.right)} × ${px(see.top)}–${px(see.bottom)}${top ? `, on top there ${name(top)}` : ''}`,
        });
      }
    }
    for (const { el, top, left } of positions) {
      el.scrollTop = top;
      el.scrollLeft = left;
    }
    return problems as FitProblem[];
  });
}
