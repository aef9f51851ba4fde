import { useCallback, useSyncExternalStore } from 'react';
import { readItem, writeItem } from '@/lib/storage';

/**
 * Per-browser marks on events, kept in local storage (docs/product.md#screens: the favourite is local only,
 * and the "You're Registered!" view follows a local flag even though registrations are stored).
 */
export const FAVORITES_KEY = 'event-favorites';
export const REGISTERED_KEY = 'event-registrations';
type FlagKey = typeof FAVORITES_KEY | typeof REGISTERED_KEY;

const listeners = new Set<() => void>();

function read(key: FlagKey): string[] {
  try {
    const value: unknown = JSON.parse(readItem('local', key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function setEventFlag(key: FlagKey, eventId: string, on: boolean) {
  const ids = new Set(read(key));
  if (on) ids.add(eventId);
  else ids.delete(eventId);
  writeItem('local', key, JSON.stringify([...ids]));
  listeners.forEach((listener) => listener());
}

export const hasEventFlag = (key: FlagKey, eventId: string) => read(key).includes(eventId);

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab marking the same event.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const unmarked = () => false;

/**
 * Whether the event carries the mark, kept in step across components and tabs. Server-rendered
 * HTML knows no browser's marks: it, and the browser's first render over it, show none.
 */
export function useEventFlag(key: FlagKey, eventId: string) {
  const on = useSyncExternalStore(subscribe, () => hasEventFlag(key, eventId), unmarked);
  const set = useCallback((value: boolean) => setEventFlag(key, eventId, value), [key, eventId]);
  return [on, set] as const;
}
