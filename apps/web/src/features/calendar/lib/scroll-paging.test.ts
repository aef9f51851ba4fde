import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nearPageBottom, nextVisibleCount, useUpcomingPaging } from './scroll-paging';

describe('upcoming events', () => {
  it('adds five at a time up to the number of events', () => {
    expect(nextVisibleCount(5, 12)).toBe(10);
    expect(nextVisibleCount(10, 12)).toBe(12);
  });

  it('loads more within 500 px of the bottom', () => {
    expect(nearPageBottom({ scrollY: 1000, innerHeight: 800, scrollHeight: 2300 })).toBe(true);
    expect(nearPageBottom({ scrollY: 900, innerHeight: 800, scrollHeight: 2300 })).toBe(false);
  });

  it('shows 5, then more on scroll near the bottom or on request', () => {
    const { result } = renderHook(() => useUpcomingPaging(12));
    expect(result.current.visible).toBe(5);
    Object.defineProperty(document.documentElement, 'scrollHeight', {
      configurable: true,
      value: 600,
    });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(result.current.visible).toBe(10);
    act(() => result.current.showMore());
    expect(result.current).toMatchObject({ visible: 12, hasMore: false });
  });
});
