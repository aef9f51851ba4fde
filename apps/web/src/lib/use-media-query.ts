import { useEffect, useReducer } from 'react';
import { useHydrated } from './use-hydrated';

/** docs/product.md#constants: below 640 px the app uses its mobile layout (Tailwind's `sm`). */
export const WIDE_SCREEN_QUERY = '(min-width: 640px)';

/**
 * Whether a media query matches, updated as it changes. Without matchMedia, and while hydrating
 * server-rendered HTML (which knows no screen): `fallback`. The screen's own answer comes with
 * the transition that ends hydration (useHydrated), drawn in slices: an external store's answer
 * differing from the server's made React redraw the whole page synchronously right after
 * hydrating (the calendar on a phone; decision 171).
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const hydrated = useHydrated();
  const [, changed] = useReducer((n: number) => n + 1, 0);
  const supported = typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  useEffect(() => {
    if (!supported) return;
    const list = window.matchMedia(query);
    list.addEventListener('change', changed);
    return () => list.removeEventListener('change', changed);
  }, [query, supported]);
  return hydrated && supported ? window.matchMedia(query).matches : fallback;
}
