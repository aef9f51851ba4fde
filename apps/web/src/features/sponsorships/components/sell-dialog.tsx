import {
  formatMoney,
  type StaffBusiness,
  type SponsorshipPackage,
  type SponsorshipPayment,
  type SponsorshipSale,
} from '@chamber/contract';
import { useQueryClient } from '@tanstack/react-query';
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
import { sponsorKeys } from '@/lib/api/sponsors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useBuyPackage, useCreateProspect, useStaffBusinessSearch } from '../api/sponsorships';
import { selectClass } from './buy-dialog';

/** How a business found by staff reads in the list: a prospect says so. */
const businessLabel = (b: StaffBusiness) =>
  `${b.name}${b.contactName && b.contactName !== b.name ? ` (${b.contactName})` : ''}${b.member ? '' : ' · prospect'}`;

/**
 * Staff sell a package to a business found by name (members, unlisted ones and prospects
 * alike), or to a new business put on file here as a prospect; by invoice or online.
 */
export function SellDialog({ pkg, onClose }: { pkg: SponsorshipPackage; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  const [memberId, setMemberId] = useState('');
  const [added, setAdded] = useState<StaffBusiness | null>(null);
  const [adding, setAdding] = useState(false);
  const [payment, setPayment] = useState<SponsorshipPayment>('invoice');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sale, setSale] = useState<SponsorshipSale | null>(null);
  const sell = useBuyPackage(true);
  const queryClient = useQueryClient();
  const found = useStaffBusinessSearch(term);
  const options = added ? [added] : (found.data ?? []);
  const chosen = added?.id || memberId || options[0]?.id || '';

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
          // The sale is a sponsor now: the Sponsors list below the packages shows it.
          void queryClient.invalidateQueries({ queryKey: sponsorKeys.all });
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
                  setAdded(null);
                }}
                placeholder="Name, contact or email"
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
                  {options.map((b) => (
                    <option key={b.id} value={b.id}>
                      {businessLabel(b)}
                    </option>
                  ))}
                </select>
              </div>
            ) : term.length >= 2 && found.isSuccess ? (
              <p className="text-sm text-muted-foreground">No business of that name.</p>
            ) : null}
            {adding ? (
              <NewProspect
                onAdded={(business) => {
                  setAdded(business);
                  setAdding(false);
                  setOutcome(null);
                }}
                onCancel={() => setAdding(false)}
              />
            ) : (
              <div>
                <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
                  New business (a prospect)
                </Button>
              </div>
            )}
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

/**
 * A new business put on file without a membership (a prospect), to sell it the package. Not
 * a form of its own: it sits inside the sale's form, so its button adds without submitting.
 */
function NewProspect({
  onAdded,
  onCancel,
}: {
  onAdded: (business: StaffBusiness) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [contactName, setContactName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const create = useCreateProspect();

  const add = () => {
    if (!name.trim() || !contactName.trim() || !email.trim()) {
      setOutcome({ ok: false, text: 'Give the business’s name, its contact and their email.' });
      return;
    }
    create.mutate(
      { name, contactName, email, phone },
      {
        onSuccess: (business) => onAdded(business),
        onError: (error) => setOutcome({ ok: false, text: error.message }),
      },
    );
  };

  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">New business (a prospect)</legend>
      <div className="grid gap-2">
        <Label htmlFor="prospect-name">Business name</Label>
        <Input id="prospect-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="prospect-contact">Contact name</Label>
        <Input
          id="prospect-contact"
          value={contactName}
          autoComplete="off"
          onChange={(e) => setContactName(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="prospect-email">Email</Label>
        <Input
          id="prospect-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="prospect-phone">Phone (optional)</Label>
        <Input
          id="prospect-phone"
          type="tel"
          autoComplete="off"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </div>
      <OutcomeMessage outcome={outcome} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={add} disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add the business'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
