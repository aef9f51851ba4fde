import { useEffect, useState } from 'react';
import { useNow } from '@/lib/render-time';

/** docs/product.md#constants: the countdown refreshes every second. */
export const COUNTDOWN_TICK_MS = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until `target`, or null once it has passed (docs/product.md#states: the countdown disappears). */
export function countdownParts(targetMs: number, nowMs: number): CountdownParts | null {
  const left = Math.floor((targetMs - nowMs) / 1000);
  if (!(left > 0)) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/**
 * The countdown to an ISO instant, ticking every second; stops once the start has passed.
 * Over server-rendered HTML it starts at the server's moment, then ticks from the present.
 */
export function useCountdown(targetIso: string): CountdownParts | null {
  const target = Date.parse(targetIso);
  const drawnAt = useNow();
  const [ticked, setNow] = useState<number | null>(null);
  const now = ticked ?? drawnAt;
  const done = !(target > now);

  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [done]);

  return countdownParts(target, now);
}

/**
 * Whether `iso` has passed; turns true by itself when the moment comes (within ~24 days).
 * Over server-rendered HTML: as of the server's moment until hydrated.
 */
export function useHasPassed(iso: string): boolean {
  const at = Date.parse(iso);
  const now = useNow();
  const [passedAt, setPassedAt] = useState<number | null>(null);
  const passed = passedAt === at || at <= now;

  useEffect(() => {
    if (passed) return;
    const wait = at - Date.now();
    // setTimeout cannot wait longer than 2^31 - 1 ms; a page is not open that long.
    if (wait > 2_147_483_647) return;
    const timer = setTimeout(() => setPassedAt(at), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [at, passed]);

  return passed;
}
