import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusHeadingIn, focusIsLost, focusOn } from '../lib/focus.ts';

/**
 * A modal dialog: focus moves into it, Tab and Shift+Tab stay inside, Escape closes it (unless it is blocking),
 * and focus returns to where it was when it closes. Where it was may be nowhere (the dialog came by itself, with the
 * focus on the page) or gone: then it goes to `returnFocus`, else to the screen's heading, never to the page.
 */
export function Dialog({
  title,
  children,
  onClose,
  blocking = false,
  returnFocus,
  className,
}: {
  title: string;
  children: ReactNode;
  onClose?: () => void;
  blocking?: boolean;
  returnFocus?: () => HTMLElement | null | undefined;
  /** Another look besides the dialog's own (a class of styles.css). */
  className?: string;
}) {
  // Read when the dialog closes, so the latest one counts without running the opening effect again.
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const first =
      ref.current?.querySelector<HTMLElement>('[data-autofocus]') ??
      ref.current?.querySelector<HTMLElement>('button, [href], input, select, textarea');
    (first ?? ref.current)?.focus();
    return () => {
      if (previous && previous !== document.body) previous.focus();
      // Not while another screen took it (the lock screen's passcode field, shown as the app locked).
      if (focusIsLost() && !focusOn(fallback.current?.())) focusHeadingIn(document.querySelector('main'));
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && !blocking && onClose) {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [
      ...ref.current.querySelectorAll<HTMLElement>(
        'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => !element.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={className ? `dialog ${className}` : 'dialog'}
        role={blocking ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
