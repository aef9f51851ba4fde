import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { dealsQueryOptions } from '../api/deals';
import { DealCard } from './deal-card';

/** /deals: every current deal the viewer may see, newest first. */
export function DealsBoard() {
  const { user, isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  const deals = useQuery({ ...dealsQueryOptions(user?.id ?? null), enabled: !isLoading });

  return (
    <>
      <PageHeader
        title="Member Deals"
        description="Offers and coupon codes from the chamber's member businesses."
      >
        {isAuthenticated || isLoading ? null : (
          <p className="text-muted-foreground">
            Members see the deals offered to members only once they{' '}
            <Link
              to={paths.login.href()}
              state={{ from: location }}
              className="font-medium text-primary underline underline-offset-4"
            >
              sign in
            </Link>
            .
          </p>
        )}
      </PageHeader>
      <PageBody>
        {deals.isError ? (
          <Card role="alert" className="max-w-xl items-start px-6">
            <p className="text-lg font-semibold">Failed to load deals</p>
            <Button type="button" onClick={() => void deals.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : deals.data === undefined ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-48 rounded-xl" />
            ))}
          </div>
        ) : deals.data.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            No member deals right now. Check back soon.
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Member deals">
            {deals.data.map((deal) => (
              <li key={deal.id} className="min-w-0">
                <DealCard deal={deal} />
              </li>
            ))}
          </ul>
        )}
      </PageBody>
    </>
  );
}
