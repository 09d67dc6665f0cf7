import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where the keyboard goes after an action. A control that goes away with its action (Save, Sign in, Unlock, a
 * dialog's Later) takes the focus with it, and the browser puts it on the page's body: the next Tab starts again from
 * the top and a screen reader says nothing. Every such action names where the focus lands instead, through these.
 */

/** Whether the keyboard's place is lost: nothing focused, the page's body, or an element no longer on the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !active.isConnected;
}

/**
 * Focuses the element, first making a heading, message or region focusable by script (tabIndex -1: it takes the
 * focus without becoming a tab stop). Returns whether the focus is there.
 */
export function focusOn(element: HTMLElement | null | undefined): boolean {
  if (!element?.isConnected) return false;
  if (!isFocusable(element)) element.tabIndex = -1;
  element.focus();
  return document.activeElement === element;
}

function isFocusable(element: HTMLElement): boolean {
  return (
    element.hasAttribute('tabindex') ||
    element.matches('a[href], button, input, select, textarea, summary, [contenteditable="true"]')
  );
}

/** The heading of what `container` shows (a screen, a panel), else the container itself. */
export function focusHeadingIn(container: HTMLElement | null | undefined): boolean {
  return focusOn(container?.querySelector<HTMLElement>('h1, h2') ?? container);
}

/**
 * A heading that takes the focus when it appears (and again when `key` changes), so that a screen reader announces
 * the new step and the keyboard goes on from there instead of from the page's start. The heading needs
 * tabIndex={-1}.
 */
export function useFocusOnShow<T extends HTMLElement>(key?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}

/**
 * Like useFocusOnShow, but only when the focus is lost: what replaces the control the focus was on takes it, while
 * something shown beside it leaves it where it is. With `onMount: false` only a change of `key` counts, not the first
 * showing (when the window has just opened, the skip link is the first Tab, not this).
 */
export function useFocusIfLost<T extends HTMLElement>(key?: unknown, { onMount = true }: { onMount?: boolean } = {}) {
  const ref = useRef<T>(null);
  // The key the last run saw (not "has it run": React's strict mode runs every effect twice on mount).
  const seen = useRef(key);
  useEffect(() => {
    const changed = !Object.is(seen.current, key);
    seen.current = key;
    if ((onMount || changed) && focusIsLost()) focusOn(ref.current);
  }, [key, onMount]);
  return ref;
}

/**
 * For an action whose result shows only once React has drawn it (a saved account in its select, a confirmation):
 * `focusAfter(find)` focuses what `find` returns after the next render, that is after the state the action set is on
 * the page. Call it with the action's state changes, in the same turn.
 */
export function useFocusAfter(): (find: () => HTMLElement | null | undefined) => void {
  const pending = useRef<() => HTMLElement | null | undefined>(undefined);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    const find = pending.current;
    pending.current = undefined;
    if (find) focusOn(find());
  }, [requests]);
  return useCallback((find) => {
    pending.current = find;
    setRequests((count) => count + 1);
  }, []);
}
