import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { focusHeadingIn, focusIsLost, focusOn } from '../lib/focus.ts';

/**
 * A modal dialog, the platform's own (`<dialog>` opened with `showModal`, issue 42): in the top layer, the rest of
 * the page inert (no focus, no clicks, hidden from screen readers), Tab kept out of the page behind. Focus moves into
 * it; Escape closes it (unless it is blocking); when it closes, the platform puts the focus back where it was, and
 * where that is nowhere (the dialog came by itself, with the focus on the page) or gone, it goes to `returnFocus`,
 * else to the screen's heading, never to the page. The window decides when it closes: it is shown while rendered.
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
  /** How Escape closes it, as it is now: read by the platform's close request too. */
  const escape = useRef<(() => void) | undefined>(undefined);
  escape.current = blocking ? undefined : onClose;
  const ref = useRef<HTMLDialogElement>(null);
  /** Where the focus was when it opened (the platform's own memory of it is not readable). */
  const opener = useRef<HTMLElement>(undefined);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    let shown = true;
    const open = () => {
      // An engine without modal dialogs (jsdom, in the window's tests) shows it in place.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    };
    // Escape where the keys below do not hear it (the focus fell to the page after a print), or a platform's back:
    // a request to close, which the window decides, as for any other way to close it.
    const onCancel = (event: Event) => {
      event.preventDefault();
      escape.current?.();
    };
    // Closed by the platform while the window still shows it (a second Escape it would not let be refused): again.
    const onClosed = () => {
      if (shown && !dialog.open) open();
    };
    // A control inside that went, or became disabled, with the focus on it: the dialog's heading takes it, never the
    // page (where Escape and Tab would no longer be the dialog's).
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return;
      queueMicrotask(() => {
        if (shown && dialog.open && focusIsLost()) focusOn(dialog.querySelector<HTMLElement>('h2') ?? dialog);
      });
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    dialog.addEventListener('focusout', onFocusOut);
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : undefined;
    if (!dialog.open) open();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('button, [href], input, select, textarea');
    (first ?? dialog).focus();
    return () => {
      shown = false;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      dialog.removeEventListener('focusout', onFocusOut);
      // Closed before it leaves the page: the platform puts the focus back where it was when it opened.
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  useEffect(
    () => () => {
      // Not where it was (an engine that does not put it back), or that is nowhere or gone; not while another screen
      // took it (the lock screen's passcode field, shown as the app locked).
      if (!focusIsLost() || focusOn(opener.current) || focusOn(fallback.current?.())) return;
      focusHeadingIn(document.querySelector('main'));
    },
    [],
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Not the platform's close: the window closes it (a blocking dialog stays), and an outer dialog stays open.
    event.preventDefault();
    event.stopPropagation();
    escape.current?.();
  };

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      role={blocking ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
