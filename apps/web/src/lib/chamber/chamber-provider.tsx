import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { applyAccent } from '../accent';
import { appConfigQueryOptions, locationQueryOptions } from '../api/chamber';
import { ChamberContext, FALLBACK_CHAMBER_NAME, type ChamberContextValue } from './chamber-context';

/** Loads the start-up config, then the chamber's record, and applies its accent colour. */
export function ChamberProvider({ children }: { children: ReactNode }) {
  const configQuery = useQuery(appConfigQueryOptions());
  const locationId = configQuery.data?.locationId;
  const locationQuery = useQuery({
    ...locationQueryOptions(locationId ?? ''),
    enabled: Boolean(locationId),
  });

  const location = locationQuery.data;
  const failure = configQuery.error ?? locationQuery.error;
  const locationError = failure ? failure.message || 'Failed to fetch location info' : null;

  useEffect(() => {
    if (location?.accentColor) applyAccent(location.accentColor);
  }, [location?.accentColor]);

  useEffect(() => {
    if (locationError) console.error(locationError);
  }, [locationError]);

  const value = useMemo<ChamberContextValue>(() => {
    const name = location?.name || configQuery.data?.chamberName || FALLBACK_CHAMBER_NAME;
    return {
      config: configQuery.data,
      location,
      name,
      shortName: location?.shortName || name,
      locationError,
    };
  }, [configQuery.data, location, locationError]);

  return <ChamberContext value={value}>{children}</ChamberContext>;
}
