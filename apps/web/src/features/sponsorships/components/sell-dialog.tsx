import { endpoints } from '@chamber/contract/endpoints';
import {
  formatMoney,
  type SponsorshipPackage,
  type SponsorshipPayment,
  type SponsorshipSale,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { api } from '@/lib/api/client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBuyPackage } from '../api/sponsorships';
import { selectClass } from './buy-dialog';

/** Staff sell a package to a business found by name, by invoice or online. */
export function SellDialog({ pkg, onClose }: { pkg: SponsorshipPackage; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const [memberId, setMemberId] = useState('');
  const [payment, setPayment] = useState<SponsorshipPayment>('invoice');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sale, setSale] = useState<SponsorshipSale | null>(null);
  const sell = useBuyPackage(true);
  const found = useQuery({
    queryKey: ['sponsorships', 'businesses', term],
    enabled: term.length >= 2,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.members.directory, {
          query: { search: term, limit: 10 },
          signal,
          errorMessage: 'Failed to search the businesses',
        })
        .then((answer) => answer.members),
  });
  const options = found.data ?? [];
  const chosen = memberId || options[0]?.id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setOutcome({ ok: false, text: 'Find the business to sell to.' });
      return;
    }
    sell.mutate(
      { id: pkg.id, body: { memberId: chosen, payment } },
      {
        onSuccess: (answer) => {
          setSale(answer);
          setOutcome({
            ok: true,
            text:
              answer.payment === 'invoice'
                ? `Sold to ${answer.businessName}: invoice ${answer.invoiceNumber} is mailed.`
                : `Held for ${answer.businessName} until paid online.`,
          });
        },
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sell “{pkg.name}”</DialogTitle>
          <DialogDescription>
            {formatMoney(pkg.priceCents, pkg.currency)}; {pkg.left} left.
          </DialogDescription>
        </DialogHeader>
        {sale ? (
          <div className="grid gap-3">
            <OutcomeMessage outcome={outcome} />
            {sale.checkoutUrl ? (
              <p className="text-sm">
                Payment page for the business: <a href={sale.checkoutUrl}>{sale.checkoutUrl}</a>
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            <div className="grid gap-2">
              <Label htmlFor="sell-search">Find the business</Label>
              <Input
                id="sell-search"
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setMemberId('');
                }}
                placeholder="Name of the business"
              />
            </div>
            {options.length > 0 ? (
              <div className="grid gap-2">
                <Label htmlFor="sell-business">Business</Label>
                <select
                  id="sell-business"
                  className={selectClass}
                  value={chosen}
                  onChange={(e) => setMemberId(e.target.value)}
                >
                  {options.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.businessName || m.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : term.length >= 2 && found.isSuccess ? (
              <p className="text-sm text-muted-foreground">No business of that name.</p>
            ) : null}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Payment</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="sell-payment"
                  checked={payment === 'invoice'}
                  onChange={() => setPayment('invoice')}
                />
                By invoice
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="sell-payment"
                  checked={payment === 'online'}
                  onChange={() => setPayment('online')}
                />
                Online by card (a payment page for the business)
              </label>
            </fieldset>
            <OutcomeMessage outcome={outcome} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={sell.isPending}>
                {sell.isPending ? 'Selling…' : 'Sell'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
