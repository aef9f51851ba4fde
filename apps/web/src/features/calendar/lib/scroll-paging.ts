import { useCallback, useEffect, useState } from 'react';

/** docs/product.md#constants: the upcoming list shows 5, and 5 more each time the reader nears the bottom. */
export const UPCOMING_PAGE_SIZE = 5;
export const LOAD_MORE_DISTANCE_PX = 500;

export const nextVisibleCount = (visible: number, total: number) =>
  Math.min(total, visible + UPCOMING_PAGE_SIZE);

/** Whether the page is scrolled to within `LOAD_MORE_DISTANCE_PX` of its bottom. */
export function nearPageBottom({
  scrollY,
  innerHeight,
  scrollHeight,
}: {
  scrollY: number;
  innerHeight: number;
  scrollHeight: number;
}): boolean {
  return scrollY + innerHeight >= scrollHeight - LOAD_MORE_DISTANCE_PX;
}

/**
 * How many upcoming events to show: 5 at first, 5 more on each scroll near the bottom, never
 * more than there are. `showMore` does the same for a button (keyboard and screen readers).
 */
export function useUpcomingPaging(total: number) {
  const [visible, setVisible] = useState(UPCOMING_PAGE_SIZE);
  const showMore = useCallback(
    () => setVisible((v) => Math.max(v, nextVisibleCount(v, total))),
    [total],
  );

  useEffect(() => {
    if (visible >= total) return;
    const onScroll = () => {
      const metrics = {
        scrollY: window.scrollY,
        innerHeight: window.innerHeight,
        scrollHeight: document.documentElement.scrollHeight,
      };
      if (nearPageBottom(metrics)) showMore();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [visible, total, showMore]);

  return { visible: Math.min(visible, total), showMore, hasMore: visible < total };
}
