import { z } from 'zod';

/**
 * A box on the map in degrees: west and east longitudes, south and north latitudes. A box
 * whose west is greater than its east crosses the antimeridian.
 */
export const boundsSchema = z.object({
  west: z.number().min(-180).max(180),
  south: z.number().min(-90).max(90),
  east: z.number().min(-180).max(180),
  north: z.number().min(-90).max(90),
});
export type Bounds = z.infer<typeof boundsSchema>;

/** A point on the map: where a business's pin stands. */
export const locationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Location = z.infer<typeof locationSchema>;

/** PUT /members/{id}/location: the pin moved by hand (the member or staff). */
export const updateLocationSchema = z.object({
  lat: z
    .number({ message: 'lat must be a number of degrees' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lng: z
    .number({ message: 'lng must be a number of degrees' })
    .min(-180, 'lng must be between -180 and 180')
    .max(180, 'lng must be between -180 and 180'),
});
export type UpdateLocation = z.infer<typeof updateLocationSchema>;

const numberList = (value: string, count: number): number[] | null => {
  const parts = value.split(',');
  if (parts.length !== count) return null;
  const numbers = parts.map((p) => (/^\s*-?\d+(\.\d+)?\s*$/.test(p) ? Number(p) : NaN));
  return numbers.every(Number.isFinite) ? numbers : null;
};

/** `w,s,e,n` in degrees (the directory's `bounds`), as a box; null when it is none. */
export function parseBounds(value: string): Bounds | null {
  const numbers = numberList(value, 4);
  if (!numbers) return null;
  const [west, south, east, north] = numbers as [number, number, number, number];
  const parsed = boundsSchema.safeParse({ west, south, east, north });
  return parsed.success && south <= north ? parsed.data : null;
}

/** `lat,lng` in degrees (the directory's `near`); null when it is none. */
export function parseNear(value: string): Location | null {
  const numbers = numberList(value, 2);
  if (!numbers) return null;
  const parsed = locationSchema.safeParse({ lat: numbers[0], lng: numbers[1] });
  return parsed.success ? parsed.data : null;
}

/** The directory's `bounds` query parameter: `w,s,e,n`, turned into a box. */
export const boundsParamSchema = z
  .string()
  .trim()
  .max(120)
  .transform((value, ctx) => {
    const bounds = parseBounds(value);
    if (!bounds) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be west,south,east,north in degrees (longitudes -180 to 180, latitudes -90 to 90, south not above north)',
      });
      return z.NEVER;
    }
    return bounds;
  });

/** The directory's `near` query parameter: `lat,lng`, turned into a point. */
export const nearParamSchema = z
  .string()
  .trim()
  .max(60)
  .transform((value, ctx) => {
    const near = parseNear(value);
    if (!near) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be lat,lng in degrees (latitude -90 to 90, longitude -180 to 180)',
      });
      return z.NEVER;
    }
    return near;
  });

/** Whether a point lies in a box (a box across the antimeridian included). */
export function inBounds({ lat, lng }: Location, box: Bounds): boolean {
  if (lat < box.south || lat > box.north) return false;
  return box.west <= box.east
    ? lng >= box.west && lng <= box.east
    : lng >= box.west || lng <= box.east;
}

/** `w,s,e,n` with six decimals (about 10 cm): what the web app sends as `bounds`. */
export function formatBounds({ west, south, east, north }: Bounds): string {
  return [west, south, east, north].map((n) => Number(n.toFixed(6))).join(',');
}

/** The map's settings, from the server's configuration (GET /config). */
export const mapSettingsSchema = z.object({
  tileUrl: z.string().describe('Raster tile URL template with {z}, {x} and {y}'),
  attribution: z.string().describe('The tiles’ attribution, plain text'),
  attributionUrl: z.string().describe('Where the attribution links to; "" for no link'),
  region: boundsSchema.describe('The chamber’s region: pins must lie in it; the map opens on it'),
});
export type MapSettings = z.infer<typeof mapSettingsSchema>;
