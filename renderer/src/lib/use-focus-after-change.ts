import { useEffect, useRef, type RefObject } from 'react';
import { focusHeadingIn, focusIsLost, focusOn } from './focus.ts';

/**
 * When what the window shows changes under the focus (unlocked, signed in or out, a sign-in started from a control
 * that then goes), the control that had it is gone and the focus would fall to the page. It goes to where the customer
 * was, if that is on the page again (after unlocking: the field they were typing in), else to the screen's heading.
 * Only when lost: a screen that took it itself (a dialog, a Cancel button) keeps it, and the app's first showing
 * leaves it where the window put it, so the skip link is the first Tab.
 */
export function useFocusAfterChange(
  phase: string,
  session: string,
  main: RefObject<HTMLElement | null>,
  lastFocused: RefObject<string | undefined>,
) {
  const shown = useRef<{ phase: string; session: string }>(undefined);
  useEffect(() => {
    const before = shown.current;
    shown.current = { phase, session };
    if (phase !== 'ready' || !before || before.phase === 'loading' || !focusIsLost()) return;
    const was = before.phase === 'locked' ? lastFocused.current : undefined;
    const again = was
      ? [...(main.current?.querySelectorAll<HTMLElement>('[data-testid]') ?? [])].find((e) => e.dataset.testid === was)
      : undefined;
    if (!focusOn(again)) focusHeadingIn(main.current);
  }, [phase, session, main, lastFocused]);
}
