import { useEffect } from 'react';

/**
 * Starts `load` (the import of a part of the page that `React.lazy` shows) once `wanted`, so
 * the part is there when it is opened and not part of the page's first download. The import
 * is cached: loading again costs nothing.
 */
export function usePreload(load: () => Promise<unknown>, wanted: boolean) {
  useEffect(() => {
    if (wanted) void load();
  }, [load, wanted]);
}
