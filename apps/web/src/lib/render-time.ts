import { createContext, use, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The moment (epoch ms) the server drew the page at, from the page's state; null when the
 * browser draws the page itself.
 */
export const RenderTimeContext = createContext<number | null>(null);

/**
 * The moment the server drew the page at, while it is drawn on the server and while the
 * browser hydrates it; null after hydration and on pages the browser drew. A page drawn from
 * the clock ("upcoming", "has started", a countdown) reads this first, so hydrating a kept
 * page an hour old draws what the server drew, then the present.
 */
export function useRenderedAt(): number | null {
  const renderedAt = use(RenderTimeContext);
  return useHydrated() ? null : renderedAt;
}

/**
 * The time to draw with (epoch ms): the server's moment while hydrating, else the moment the
 * component was first drawn in this browser.
 */
export function useNow(): number {
  const renderedAt = useRenderedAt();
  const [mounted] = useState(() => Date.now());
  return renderedAt ?? mounted;
}
