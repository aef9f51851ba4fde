import { useSyncExternalStore } from 'react';

/** docs/product.md#constants: below 640 px the app uses its mobile layout (Tailwind's `sm`). */
export const WIDE_SCREEN_QUERY = '(min-width: 640px)';

/**
 * Whether a media query matches, updated as it changes. Without matchMedia, and while hydrating
 * server-rendered HTML: `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    // Server-rendered HTML knows no screen: it and the browser's first render take `fallback`.
    () => fallback,
  );
}
