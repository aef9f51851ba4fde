import {
  formatMoney,
  type PublicSponsorshipPackage,
  sponsorshipMessages,
  sponsorshipSlotLabels,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { sponsorshipPackagesQueryOptions } from '../api/sponsorships';
import { BuyDialog } from './buy-dialog';
import { periodText } from '../lib/period';

/** What a package includes, in words. */
export function placementsText(
  pkg: Pick<PublicSponsorshipPackage, 'placements' | 'eventTitle' | 'level'>,
) {
  return pkg.placements.map((p) =>
    p.kind === 'event' && pkg.eventTitle
      ? `${sponsorshipSlotLabels.event}: ${pkg.eventTitle}${p.level ? ` (${p.level})` : ''}`
      : sponsorshipSlotLabels[p.kind],
  );
}

/** /sponsorships: the packages on offer with what is left, and 'Buy' on each. */
export function SponsorshipsPage() {
  const packages = useQuery(sponsorshipPackagesQueryOptions());
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const [buying, setBuying] = useState<PublicSponsorshipPackage | null>(null);

  return (
    <>
      <PageHeader
        title="Sponsorships"
        description="Put your business in front of the chamber’s members and visitors: on the home page, the calendar, events, newsletters, the directory and the job board."
      />
      <PageBody>
        {packages.isError ? (
          <Card role="alert" className="max-w-xl items-start px-6">
            <p className="text-lg font-semibold">Failed to load the sponsorship packages</p>
            <Button type="button" onClick={() => void packages.refetch()}>
              Try Again
            </Button>
          </Card>
        ) : packages.data === undefined ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-56 rounded-xl" />
            ))}
          </div>
        ) : packages.data.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            No sponsorship packages on offer right now.
          </p>
        ) : (
          <ul
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-label="Sponsorship packages"
          >
            {packages.data.map((pkg) => (
              <li key={pkg.id} className="min-w-0">
                <Card className="h-full gap-3 px-6">
                  <h2 className="text-xl font-semibold">{pkg.name}</h2>
                  <p className="text-2xl font-bold">{formatMoney(pkg.priceCents, pkg.currency)}</p>
                  <p className="text-sm text-muted-foreground">{periodText(pkg)}</p>
                  {pkg.description ? <p className="text-sm">{pkg.description}</p> : null}
                  <ul className="list-disc pl-5 text-sm">
                    {placementsText(pkg).map((text) => (
                      <li key={text}>{text}</li>
                    ))}
                  </ul>
                  <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
                    {pkg.soldOut ? (
                      <Badge variant="secondary">{sponsorshipMessages.soldOut}</Badge>
                    ) : (
                      <span className="text-sm font-medium">{pkg.left} left</span>
                    )}
                    {pkg.soldOut ? null : !pkg.onSale ? (
                      <span className="text-sm text-muted-foreground">
                        {pkg.saleStartsOn ? `On sale from ${pkg.saleStartsOn}` : 'Not on sale'}
                      </span>
                    ) : isAuthenticated ? (
                      <Button
                        type="button"
                        onClick={() => setBuying(pkg)}
                        aria-label={`Buy ${pkg.name}`}
                      >
                        Buy
                      </Button>
                    ) : (
                      <Button asChild aria-label={`Buy ${pkg.name}`}>
                        <Link to={paths.login.href()} state={{ from: location }}>
                          Buy
                        </Link>
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {buying ? (
          <BuyDialog
            pkg={buying}
            open
            onOpenChange={(open) => {
              if (!open) setBuying(null);
            }}
          />
        ) : null}
      </PageBody>
    </>
  );
}
