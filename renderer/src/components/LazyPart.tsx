import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { useT } from '../i18n/index.ts';

/**
 * A part of the window few customers need to pay (the bank-call list, backup, the schedule editor, the spending
 * chart, request money): its code is left out of the first load and fetched the first time it is shown, with a
 * loading line that a screen reader announces. Once fetched it shows at once, like any other part: only the
 * first showing waits. A fetch that failed is tried again at the next showing.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): void } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Waiting = lazy(start) as unknown as ComponentType<P>;

  function LazyPart(props: P): ReactElement {
    // Decided once per showing: a part that switched from the waiting wrapper to the loaded one would start over.
    const [Shown] = useState(() => loaded);
    if (Shown) return <Shown {...props} />;
    return (
      <Suspense fallback={<PartLoading />}>
        <Waiting {...props} />
      </Suspense>
    );
  }
  /** Fetched ahead, once the window is idle, for a part most customers open soon (History): shown at once then. */
  LazyPart.preload = () => void start().catch(() => undefined);
  return LazyPart;
}

/** Where a part is on its way: said politely, in the language in use. */
export function PartLoading() {
  const t = useT();
  return (
    <p role="status" className="part-loading" data-testid="part-loading">
      {t('app.loading')}
    </p>
  );
}
