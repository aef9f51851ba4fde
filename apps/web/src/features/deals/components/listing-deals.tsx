import type { Deal } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { paths } from '@/config/paths';
import { listingDealsQueryOptions, useSaveDeal } from '../api/deals';
import { DealCard } from './deal-card';
import { DealForm } from './deal-form';

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Failed to save deal';

/**
 * "My deals" on the profile: a listing's deals for its member, to add, change and delete.
 * Below elite the deals are kept but hidden, and the card says why.
 */
export function ListingDeals({ contactId }: { contactId: string }) {
  const query = useQuery(listingDealsQueryOptions(contactId));
  const { save, remove } = useSaveDeal(contactId);
  const [editing, setEditing] = useState<Deal | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deal | null>(null);

  if (!query.data) return null;
  const { deals, canHaveDeals } = query.data;
  if (!canHaveDeals && deals.length === 0) {
    return (
      <Card className="max-w-4xl">
        <CardHeader>
          <CardTitle>My Deals</CardTitle>
          <CardDescription>
            Member deals are available with{' '}
            <Link to={paths.eliteMembership.href()} className="text-primary underline">
              Elite membership
            </Link>
            .
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const close = () => {
    save.reset();
    setEditing(null);
  };
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle>My Deals</CardTitle>
        <CardDescription>
          {canHaveDeals ? (
            <>
              Offers shown on the{' '}
              <Link to={paths.deals.href()} className="text-primary underline">
                Member Deals
              </Link>{' '}
              page until their last day.
            </>
          ) : (
            'Your membership no longer includes deals: they are hidden from the Member Deals page and kept here.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {deals.length > 0 ? (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="My deals">
            {deals.map((deal) => (
              <li key={deal.id} className="min-w-0">
                {editing !== null && editing !== 'new' && editing.id === deal.id ? (
                  <DealForm
                    deal={deal}
                    pending={save.isPending}
                    error={save.isError ? messageOf(save.error) : null}
                    onSubmit={(input) => save.mutate({ id: deal.id, input }, { onSuccess: close })}
                    onCancel={close}
                  />
                ) : (
                  <DealCard deal={deal} headingLevel={3}>
                    {deal.expired ? <Badge variant="outline">Expired</Badge> : null}
                    {canHaveDeals ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(deal)}
                      >
                        Edit
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setDeleting(deal)}
                    >
                      Delete
                    </Button>
                  </DealCard>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {editing === 'new' ? (
          <DealForm
            deal={null}
            pending={save.isPending}
            error={save.isError ? messageOf(save.error) : null}
            onSubmit={(input) => save.mutate({ id: null, input }, { onSuccess: close })}
            onCancel={close}
          />
        ) : canHaveDeals ? (
          <Button type="button" className="justify-self-start" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            Add Deal
          </Button>
        ) : null}
      </CardContent>
      <ConfirmDeleteDialog
        open={deleting !== null}
        noun="Deal"
        description={<>Delete “{deleting?.offer}”? It leaves the Member Deals page at once.</>}
        pending={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </Card>
  );
}
