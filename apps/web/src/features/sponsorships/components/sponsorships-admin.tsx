import { formatMoney, type SponsorshipPackage } from '@chamber/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { HoldUnpaidSetting, SponsorsPanel } from '@/components/sponsors/sponsors-panel';
import { useStaffSponsorshipPackages } from '../api/sponsorships';
import { PackageDialog } from './package-dialog';
import { SellDialog } from './sell-dialog';
import { placementsText } from './sponsorships-page';
import { periodText } from '../lib/period';

/** /admin/sponsorships: every package with sold and left; create, edit, sell. */
export function SponsorshipsAdmin() {
  const packages = useStaffSponsorshipPackages();
  const [editing, setEditing] = useState<SponsorshipPackage | 'new' | null>(null);
  const [selling, setSelling] = useState<SponsorshipPackage | null>(null);

  return (
    <div className="grid gap-6">
      <div>
        <Button type="button" onClick={() => setEditing('new')}>
          New package
        </Button>
      </div>
      {packages.isError ? (
        <Card role="alert" className="max-w-xl items-start px-6">
          <p className="text-lg font-semibold">Failed to load the sponsorship packages</p>
          <Button type="button" onClick={() => void packages.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : packages.data === undefined ? (
        <Skeleton className="h-40 rounded-xl" aria-busy="true" />
      ) : packages.data.length === 0 ? (
        <p className="text-muted-foreground">No packages yet. Start with “New package”.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Sponsorship packages">
          {packages.data.map((pkg) => (
            <li key={pkg.id}>
              <Card className="gap-2 px-6">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold">{pkg.name}</h2>
                    <p className="text-sm text-muted-foreground">
                      {formatMoney(pkg.priceCents, pkg.currency)} · {periodText(pkg)}
                      {pkg.saleStartsOn || pkg.saleEndsOn
                        ? ` · on sale ${pkg.saleStartsOn ?? '…'} to ${pkg.saleEndsOn ?? '…'}`
                        : ''}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {pkg.archived ? <Badge variant="outline">Archived</Badge> : null}
                    {pkg.soldOut ? <Badge variant="secondary">Sold out</Badge> : null}
                  </div>
                </div>
                <p className="text-sm" aria-label={`Sold and left of ${pkg.name}`}>
                  {pkg.sold} sold · {pkg.left} left of {pkg.quantity}
                </p>
                <p className="text-sm text-muted-foreground">{placementsText(pkg).join(' · ')}</p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => setEditing(pkg)}
                    aria-label={`Edit ${pkg.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    type="button"
                    onClick={() => setSelling(pkg)}
                    disabled={pkg.soldOut || pkg.archived}
                    aria-label={`Sell to a business: ${pkg.name}`}
                  >
                    Sell to a business
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="sold-sponsorships" className="grid gap-4">
        <h2 id="sold-sponsorships" className="text-2xl font-semibold">
          Sponsors
        </h2>
        <HoldUnpaidSetting />
        <SponsorsPanel staff />
      </section>
      {editing ? (
        <PackageDialog pkg={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {selling ? <SellDialog pkg={selling} onClose={() => setSelling(null)} /> : null}
    </div>
  );
}
