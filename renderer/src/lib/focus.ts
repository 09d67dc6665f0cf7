import { useEffect, useRef } from 'react';

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
