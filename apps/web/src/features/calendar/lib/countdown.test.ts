import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countdownParts, useCountdown } from './countdown';

describe('countdown', () => {
  afterEach(() => vi.useRealTimers());

  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.parse('2025-03-01T00:00:00Z');
    const target = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(now, now)).toBeNull();
    expect(countdownParts(now - 1000, now)).toBeNull();
  });

  it('ticks every second and disappears once the start has passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T00:00:00Z'));
    const { result } = renderHook(() => useCountdown('2025-03-01T00:00:02Z'));
    expect(result.current).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 2 });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current?.seconds).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
