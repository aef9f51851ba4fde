import { paths } from '@/config/paths';

/** The event page with its registration dialog open. */
export const registerHref = (id: string) => `${paths.event.href(id)}?register=true`;

/** 'Attendees (12 registered)' reads '12 registered'. */
export const attendeesLabel = (count: number) => `${count} registered`;

/** A location without its last comma-separated part (docs/product.md#screens upcoming cards: no state). */
export function shortLocation(location: string): string {
  const parts = location.split(',');
  return parts.length > 1 ? parts.slice(0, -1).join(',').trim() : location.trim();
}

/**
 * The page's own address without its query, as the browser shows it: read when a link is
 * copied or shared, never while drawing (the server draws the event page too).
 */
export const pageLink = () => window.location.href.split('?')[0]!;
