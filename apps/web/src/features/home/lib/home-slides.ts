import type { CalendarEvent } from '@chamber/contract';
import type { MembershipTierInfo } from '@/config/membership-tiers';

/** docs/product.md#constants: the carousel advances every 5 s and shows at most 3 upcoming events. */
export const CAROUSEL_DELAY_MS = 5000;
export const MAX_EVENT_SLIDES = 3;

/** The slides' exact headings (docs/product.md#screens Home). */
export const MAIN_SLIDE_TITLE = 'Why Join The Chamber ?';

export type HomeSlide =
  | { kind: 'main'; id: 'main'; name: string }
  | { kind: 'event'; id: string; name: string; event: CalendarEvent }
  | { kind: 'membership'; id: string; name: string; tier: MembershipTierInfo };

/**
 * The home carousel's slides, in the spec's order: the main slide, up to 3 upcoming events,
 * then the chamber's membership levels. `events` is null when they failed to load: then only
 * the main and membership slides show.
 */
export function homeSlides(
  events: readonly CalendarEvent[] | null,
  tiers: readonly MembershipTierInfo[],
): HomeSlide[] {
  return [
    { kind: 'main', id: 'main', name: MAIN_SLIDE_TITLE },
    ...(events ?? []).slice(0, MAX_EVENT_SLIDES).map((event) => ({
      kind: 'event' as const,
      id: `event-${event.id}`,
      name: event.title,
      event,
    })),
    ...tiers.map((tier) => ({
      kind: 'membership' as const,
      id: `membership-${tier.id}`,
      name: `${tier.name} Membership`,
      tier,
    })),
  ];
}
