import type { Config } from '../config.js';
import { ListingGeocoder, type GeocoderSettings } from '../modules/members/index.js';
import type { JobDefinition } from './definition.js';

/** How the portal asks the configured geocoder; undefined when geocoding is off. */
export function geocoderSettings(config: Config): GeocoderSettings | undefined {
  const { geocoderUrl, geocoderIntervalMs, geocoderEmail, region } = config.map;
  if (!geocoderUrl) return undefined;
  return {
    url: geocoderUrl,
    intervalMs: geocoderIntervalMs,
    region,
    email: geocoderEmail,
    // Nominatim's usage policy: an identifying User-Agent, never a library's default.
    userAgent: `ChamberPortal/0.1 (${config.publicUrl}; ${config.chamberName})`,
  };
}

/**
 * Every minute: listings whose address is due are geocoded, one request a second at most (the
 * queue and its pace: modules/members/geocoding.ts). A run stops taking addresses after 45
 * seconds, so runs do not overlap; one that finds the geocoder down leaves the listings due
 * again later. Repeating a run asks only about addresses still due.
 */
export const geocodeListingsJob: JobDefinition = {
  name: 'geocode-listings',
  cron: '* * * * *',
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  run: async ({ db, clock, config }) => {
    const settings = config && geocoderSettings(config);
    if (!settings) return { skipped: 'geocoding is off' };
    return { ...(await new ListingGeocoder(db, clock, settings).run()) };
  },
};
