import { HOME_DEALS } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { dealsQueryOptions } from '../api/deals';
import { DealCard } from './deal-card';

/** The home page's three newest deals the viewer may see; nothing at all when there are none. */
export function NewestDeals() {
  const { user, isLoading } = useAuth();
  const deals = useQuery({
    ...dealsQueryOptions(user?.id ?? null, HOME_DEALS),
    enabled: !isLoading,
  });
  if (!deals.data?.length) return null;
  return (
    <section aria-labelledby="newest-deals-title" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2
          id="newest-deals-title"
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Member Deals
        </h2>
        <Button asChild variant="outline">
          <Link to={paths.deals.href()}>
            See all deals
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ul
        className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Newest member deals"
      >
        {deals.data.map((deal) => (
          <li key={deal.id} className="min-w-0">
            <DealCard deal={deal} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
