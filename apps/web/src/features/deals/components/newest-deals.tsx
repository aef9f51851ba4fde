import { HOME_DEALS } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { NewestSection } from '@/components/layout/newest-section';
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
    <NewestSection
      id="newest-deals"
      title="Member Deals"
      moreHref={paths.deals.href()}
      moreLabel="See all deals"
      listLabel="Newest member deals"
      items={deals.data}
      renderItem={(deal) => <DealCard deal={deal} headingLevel={3} />}
    />
  );
}
