import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False while React hydrates server-rendered HTML (and on the server), true after. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
