import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { isForbidden } from '../lib/errors';
import { adminKeys } from './admin-keys';

/**
 * True once the server refuses any admin read with 403: the session is no longer an admin's
 * (demoted while on the page, or a stale role), so the dashboard shows Access Denied.
 */
export function useAccessRevoked(): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const read = useCallback(
    () => cache.findAll({ queryKey: adminKeys.all }).some((q) => isForbidden(q.state.error)),
    [cache],
  );
  return useSyncExternalStore(subscribe, read, read);
}
