import { CalendarDaysIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';

export function HomeHero() {
  const { name, location } = useChamber();
  const place = location ? [location.city, location.state].filter(Boolean).join(', ') : '';

  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden border-b bg-surface">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--primary),transparent_60%)] opacity-15"
      />
      <div className="relative mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 sm:py-24">
        {place ? (
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">{place}</p>
        ) : null}
        <h1
          id="home-title"
          className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
        >
          {name}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Why join the chamber? Meet fellow business owners at our luncheons, get your business in
          front of the community, and help shape the local economy.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.join.href()}>Join Now!</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.calendar.href()}>
              <CalendarDaysIcon aria-hidden="true" />
              See upcoming events
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
