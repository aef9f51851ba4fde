import { useCallback, useSyncExternalStore } from 'react';
import { readItem, writeItem } from '@/lib/storage';

export type ViewMode = 'grid' | 'list';
const VIEW_KEY = 'members-view';

const listeners = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
// This tab's choice, which holds even where storage is blocked.
let chosen: ViewMode | null = null;
const storedView = (): ViewMode =>
  chosen ?? (readItem('local', VIEW_KEY) === 'list' ? 'list' : 'grid');
// Server-rendered HTML shows the grid; over it the browser starts with the grid too.
const serverView = (): ViewMode => 'grid';

/** Grid or list, remembered on this device. */
export function useViewMode() {
  const view = useSyncExternalStore(subscribe, storedView, serverView);
  const choose = useCallback((next: ViewMode) => {
    writeItem('local', VIEW_KEY, next);
    chosen = readItem('local', VIEW_KEY) === next ? null : next;
    for (const listener of listeners) listener();
  }, []);
  return [view, choose] as const;
}
