import { startTransition, useEffect, useState } from 'react';

/** Set by app/start.tsx while React hydrates server-rendered HTML; cleared once it has. */
let hydrating = false;

/** app/start.tsx: the page about to be drawn is server-rendered HTML that React hydrates. */
export function startHydrating() {
  hydrating = true;
}

/**
 * False while React hydrates server-rendered HTML (and on the server), true after, and from the
 * start on a page the browser draws itself. The change after hydration is a transition: React
 * draws it in slices with the rest of the page's first updates, where an external store's
 * change (useSyncExternalStore) would make it redraw the page in one synchronous block.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(() => typeof document !== 'undefined' && !hydrating);
  useEffect(() => {
    // Effects run once the hydrated page is committed: what mounts from now on is hydrated.
    hydrating = false;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
