import { Carousel } from '@/components/ui/carousel';
import { Spinner } from '@/components/ui/spinner';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useMembershipTiers } from '@/lib/membership/use-membership-tiers';
import { useUpcomingEvents } from '@/lib/api/upcoming-events';
import {
  CAROUSEL_DELAY_MS,
  homeSlides,
  MAX_EVENT_SLIDES,
  type HomeSlide,
} from '../lib/home-slides';
import { EventSlide } from './event-slide';
import { MainSlide } from './main-slide';
import { MembershipSlide } from './membership-slide';

function SlideContent({ slide }: { slide: HomeSlide }) {
  switch (slide.kind) {
    case 'main':
      return <MainSlide />;
    case 'event':
      return <EventSlide event={slide.event} />;
    case 'membership':
      return <MembershipSlide tier={slide.tier} />;
  }
}

/**
 * The home page's carousel (docs/product.md#screens Home): a spinner while the upcoming events load, then the
 * main slide, up to 3 events and the membership levels. A failed load leaves the events out.
 */
export function HomeCarousel() {
  const { config, locationError } = useChamber();
  const upcoming = useUpcomingEvents({ limit: MAX_EVENT_SLIDES });
  const plans = useMembershipTiers();
  // Without the start-up config there is no calendar to ask: as good as a failed load.
  const failed = upcoming.isError || (!config && locationError !== null);
  const loading = (!failed && upcoming.isPending) || (plans.isPending && !plans.error);

  if (loading) {
    return (
      // About the carousel's own height, so the page below does not jump when it arrives.
      <div className="flex min-h-[46rem] items-center justify-center border-b bg-surface md:min-h-[37rem]">
        <Spinner className="size-8 text-primary" label="Loading upcoming events" />
      </div>
    );
  }

  const slides = homeSlides(failed ? null : upcoming.events, plans.tiers).map((slide) => ({
    id: slide.id,
    name: slide.name,
    content: <SlideContent slide={slide} />,
  }));
  return (
    <Carousel
      label="Highlights"
      slides={slides}
      delayMs={CAROUSEL_DELAY_MS}
      className="border-b bg-surface"
    />
  );
}
