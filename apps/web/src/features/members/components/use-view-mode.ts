import { useState } from 'react';
import { readItem, writeItem } from '@/lib/storage';

export type ViewMode = 'grid' | 'list';
const VIEW_KEY = 'members-view';

/** Grid or list, remembered on this device. */
export function useViewMode() {
  const [view, setView] = useState<ViewMode>(() =>
    readItem('local', VIEW_KEY) === 'list' ? 'list' : 'grid',
  );
  const choose = (next: ViewMode) => {
    setView(next);
    writeItem('local', VIEW_KEY, next);
  };
  return [view, choose] as const;
}
