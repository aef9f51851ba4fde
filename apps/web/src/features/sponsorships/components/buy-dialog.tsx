import {
  formatMoney,
  type PublicSponsorshipPackage,
  sponsorshipMessages,
  type SponsorshipPayment,
  type SponsorshipSale,
} from '@chamber/contract';
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
import { Label } from '@/components/ui/label';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';
import { useAccountBusinesses } from '@/lib/api/businesses';
import { leaveSite } from '@/lib/leave-site';
import { useBuyPackage } from '../api/sponsorships';
import { periodText } from '../lib/period';

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The business (when the person acts for several) and the payment, then the purchase. */
export function BuyDialog({
  pkg,
  open,
  onOpenChange,
}: {
  pkg: PublicSponsorshipPackage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const businesses = useAccountBusinesses();
  // Only the primary and billing people of a business buy for it.
  const mayBuyFor = (businesses.data ?? []).filter(
    (b) => b.role === 'primary' || b.role === 'billing',
  );
  const [memberId, setMemberId] = useState('');
  const [payment, setPayment] = useState<SponsorshipPayment>('invoice');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sale, setSale] = useState<SponsorshipSale | null>(null);
  const buy = useBuyPackage();
  const chosen = memberId || (mayBuyFor.find((b) => b.acting) ?? mayBuyFor[0])?.contactId || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    buy.mutate(
      { id: pkg.id, body: { memberId: chosen, payment } },
      {
        onSuccess: (answer) => {
          if (answer.checkoutUrl) {
            leaveSite.to(answer.checkoutUrl);
            return;
          }
          setSale(answer);
          setOutcome({ ok: true, text: sponsorshipMessages.paidByInvoice });
        },
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setOutcome(null);
          setSale(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Buy “{pkg.name}”</DialogTitle>
          <DialogDescription>
            {formatMoney(pkg.priceCents, pkg.currency)}, {periodText(pkg)}.
          </DialogDescription>
        </DialogHeader>
        {sale ? (
          <div className="grid gap-3">
            <OutcomeMessage outcome={outcome} />
            <p className="text-sm">
              Invoice {sale.invoiceNumber} for {formatMoney(sale.amountCents, sale.currency)},
              billed to {sale.businessName}.
            </p>
            <DialogFooter>
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : businesses.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your businesses…</p>
        ) : mayBuyFor.length === 0 ? (
          <p className="text-sm">
            Only a business’s primary or billing person can buy a sponsorship for it. Ask the
            chamber’s staff, who can sell you one.
          </p>
        ) : (
          <form className="grid gap-4" onSubmit={submit}>
            {mayBuyFor.length > 1 ? (
              <div className="grid gap-2">
                <Label htmlFor="sponsor-business">Business</Label>
                <select
                  id="sponsor-business"
                  className={selectClass}
                  value={chosen}
                  onChange={(e) => setMemberId(e.target.value)}
                >
                  {mayBuyFor.map((b) => (
                    <option key={b.contactId} value={b.contactId}>
                      {b.businessName}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <p className="text-sm">For {mayBuyFor[0]!.businessName}</p>
            )}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Payment</legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="sponsor-payment"
                  value="invoice"
                  checked={payment === 'invoice'}
                  onChange={() => setPayment('invoice')}
                />
                Send us an invoice
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="sponsor-payment"
                  value="online"
                  checked={payment === 'online'}
                  onChange={() => setPayment('online')}
                />
                Pay online by card
              </label>
              {payment === 'online' ? (
                <p className="text-sm text-muted-foreground">{sponsorshipMessages.payOnline}</p>
              ) : null}
            </fieldset>
            <OutcomeMessage outcome={outcome} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={buy.isPending}>
                {buy.isPending ? 'Buying…' : 'Buy'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
