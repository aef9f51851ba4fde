import type { OrderItem, PlacedOrder, TicketType } from '@chamber/contract';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
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
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/use-auth';
import { leaveSite } from '@/lib/leave-site';
import { useOrderQuote, usePlaceOrder } from '../api/orders';
import { useTicketTypes } from '../api/ticket-types';
import { priceLabel } from '../lib/ticket-text';

interface AttendeeDraft {
  name: string;
  email: string;
  dietaryNote: string;
}

const emptyAttendee: AttendeeDraft = { name: '', email: '', dietaryNote: '' };

/** The most of a type one order may take: its per-order limit, and what is left unless waiting. */
export function mostOf(type: TicketType): number {
  if (type.closedReason === 'sold_out') return type.perOrderLimit;
  if (!type.onSale) return 0;
  return Math.min(type.perOrderLimit, type.ticketsLeft ?? type.perOrderLimit);
}

/** The items of the chosen quantities, in the types' order. */
export function itemsOf(types: TicketType[], quantities: Record<string, number>): OrderItem[] {
  return types
    .filter((t) => (quantities[t.id] ?? 0) > 0)
    .map((t) => ({ typeId: t.id, quantity: quantities[t.id]! }));
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.';

interface OrderDialogProps {
  eventId: string;
  eventTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOrdered: (order: PlacedOrder) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * The order form of an event sold by ticket types: each type with its price for the viewer
 * and what is left, a quantity stepper within its limit, a line per attendee (names, email and
 * dietary note optional: they can come later from the manage link), the buyer, and the total
 * the server quotes before paying.
 */
export function OrderDialog({
  eventId,
  eventTitle,
  open,
  onOpenChange,
  onOrdered,
  onCloseAutoFocus,
}: OrderDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Order tickets</DialogTitle>
          <DialogDescription>{eventTitle}</DialogDescription>
        </DialogHeader>
        {open ? (
          <OrderForm eventId={eventId} onCancel={() => onOpenChange(false)} onOrdered={onOrdered} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function OrderForm({
  eventId,
  onCancel,
  onOrdered,
}: {
  eventId: string;
  onCancel: () => void;
  onOrdered: (order: PlacedOrder) => void;
}) {
  const { user } = useAuth();
  const id = useId();
  const typesQuery = useTicketTypes(eventId, user?.id ?? null);
  const types = useMemo(() => typesQuery.data?.types ?? [], [typesQuery.data]);
  const currency = typesQuery.data?.currency ?? 'USD';
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [attendees, setAttendees] = useState<Record<string, AttendeeDraft[]>>({});
  const [buyer, setBuyer] = useState({
    name: user?.name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
  });
  // The session may be known only after the dialog opened (it is read once the page has
  // started): what the buyer left empty is filled in from it then.
  const [buyerOf, setBuyerOf] = useState(user?.id ?? null);
  if (user && user.id !== buyerOf) {
    setBuyerOf(user.id);
    setBuyer((b) => ({
      name: b.name || user.name,
      email: b.email || user.email,
      phone: b.phone || (user.phone ?? ''),
    }));
  }
  const items = useMemo(() => itemsOf(types, quantities), [types, quantities]);
  // The code typed, and the one applied to the quote (and to the order).
  const [codeText, setCodeText] = useState('');
  const [promoCode, setPromoCode] = useState<string | undefined>(undefined);
  const applyCode = () => setPromoCode(codeText.trim() || undefined);
  const quote = useOrderQuote(eventId, user?.id ?? null, items, promoCode);
  const place = usePlaceOrder(eventId);
  const waiting = types.some(
    (t) => (quantities[t.id] ?? 0) > 0 && (t.ticketsLeft ?? Infinity) < (quantities[t.id] ?? 0),
  );

  const setQuantity = (type: TicketType, quantity: number) =>
    setQuantities((q) => ({ ...q, [type.id]: Math.max(0, Math.min(mostOf(type), quantity)) }));
  const attendeeOf = (typeId: string, i: number) => attendees[typeId]?.[i] ?? emptyAttendee;
  const setAttendee = (typeId: string, i: number, change: Partial<AttendeeDraft>) =>
    setAttendees((all) => {
      const list = [...(all[typeId] ?? [])];
      list[i] = { ...(list[i] ?? emptyAttendee), ...change };
      return { ...all, [typeId]: list };
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (items.length === 0) return;
    const named = types.flatMap((t) => {
      const seats = (quantities[t.id] ?? 0) * t.seatsPerTicket;
      return Array.from({ length: seats }, (_, i) => attendeeOf(t.id, i)).map((a) => ({
        typeId: t.id,
        name: a.name.trim() || null,
        email: a.email.trim() || null,
        dietaryNote: a.dietaryNote.trim() || null,
      }));
    });
    place.mutate(
      {
        items,
        promoCode,
        attendees: named,
        joinWaitingList: waiting,
        buyer: { name: buyer.name, email: buyer.email, phone: buyer.phone || null },
      },
      {
        onSuccess: (order) => {
          if (order.ticket?.checkoutUrl) {
            leaveSite.to(order.ticket.checkoutUrl);
            return;
          }
          onOrdered(order);
        },
      },
    );
  };

  if (typesQuery.isPending) return <Spinner />;

  // Each seat of the order, numbered across types: one attendee line each.
  const seats = types.flatMap((type) =>
    Array.from({ length: (quantities[type.id] ?? 0) * type.seatsPerTicket }, (_, i) => ({
      type,
      i,
    })),
  );
  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Tickets</legend>
        {types.map((type) => {
          const quantity = quantities[type.id] ?? 0;
          const most = mostOf(type);
          const left =
            type.closedReason === 'sold_out'
              ? 'Sold out: join the waiting list'
              : !type.onSale
                ? type.closedMessage
                : type.ticketsLeft === null
                  ? null
                  : `${type.ticketsLeft} left`;
          return (
            <div
              key={type.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <div className="min-w-0">
                <p className="font-medium" id={`${id}-${type.id}-name`}>
                  {type.name}
                </p>
                <p className="text-muted-foreground text-sm">
                  {priceLabel(type.viewerPriceCents, currency)}
                  {type.seatsPerTicket > 1 ? ` · seats ${type.seatsPerTicket}` : ''}
                  {left ? ` · ${left}` : ''}
                </p>
              </div>
              <div
                className="flex items-center gap-2"
                role="group"
                aria-labelledby={`${id}-${type.id}-name`}
              >
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`One less ${type.name}`}
                  disabled={quantity === 0}
                  onClick={() => setQuantity(type, quantity - 1)}
                >
                  <MinusIcon aria-hidden="true" />
                </Button>
                <Input
                  className="w-16 text-center"
                  inputMode="numeric"
                  aria-label={`Quantity of ${type.name}`}
                  value={String(quantity)}
                  disabled={most === 0}
                  onChange={(e) => setQuantity(type, Number(e.target.value) || 0)}
                />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`One more ${type.name}`}
                  disabled={quantity >= most}
                  onClick={() => setQuantity(type, quantity + 1)}
                >
                  <PlusIcon aria-hidden="true" />
                </Button>
              </div>
            </div>
          );
        })}
      </fieldset>

      {items.length > 0 ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Attendees</legend>
          <p className="text-muted-foreground text-sm">
            Names are optional: you can fill them in or change them later from the link in your
            confirmation email, until the event starts.
          </p>
          {seats.map(({ type, i }, index) => {
            const position = index + 1;
            const a = attendeeOf(type.id, i);
            const key = `${id}-${type.id}-${i}`;
            return (
              <fieldset key={key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-3">
                <legend className="px-1 text-sm font-medium">
                  Attendee {position} ({type.name})
                </legend>
                <div className="grid gap-1">
                  <Label htmlFor={`${key}-name`}>Name</Label>
                  <Input
                    id={`${key}-name`}
                    autoComplete="off"
                    value={a.name}
                    onChange={(e) => setAttendee(type.id, i, { name: e.target.value })}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${key}-email`}>Email</Label>
                  <Input
                    id={`${key}-email`}
                    type="email"
                    autoComplete="off"
                    value={a.email}
                    onChange={(e) => setAttendee(type.id, i, { email: e.target.value })}
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${key}-diet`}>Dietary note</Label>
                  <Input
                    id={`${key}-diet`}
                    autoComplete="off"
                    value={a.dietaryNote}
                    onChange={(e) => setAttendee(type.id, i, { dietaryNote: e.target.value })}
                  />
                </div>
              </fieldset>
            );
          })}
        </fieldset>
      ) : null}

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-semibold">Your details</legend>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-buyer-name`}>Full Name</Label>
          <Input
            id={`${id}-buyer-name`}
            autoComplete="name"
            required
            value={buyer.name}
            onChange={(e) => setBuyer((b) => ({ ...b, name: e.target.value }))}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-buyer-email`}>Email</Label>
          <Input
            id={`${id}-buyer-email`}
            type="email"
            autoComplete="email"
            required
            value={buyer.email}
            onChange={(e) => setBuyer((b) => ({ ...b, email: e.target.value }))}
          />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor={`${id}-buyer-phone`}>Phone (optional)</Label>
          <Input
            id={`${id}-buyer-phone`}
            type="tel"
            autoComplete="tel"
            value={buyer.phone}
            onChange={(e) => setBuyer((b) => ({ ...b, phone: e.target.value }))}
          />
        </div>
      </fieldset>

      <div className="grid gap-1">
        <Label htmlFor={`${id}-promo`}>Promo code (optional)</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-promo`}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            value={codeText}
            onChange={(e) => setCodeText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              applyCode();
            }}
          />
          <Button type="button" variant="outline" onClick={applyCode}>
            Apply
          </Button>
        </div>
      </div>

      <div aria-live="polite" className="grid gap-1 rounded-md border p-3">
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm">Choose how many tickets you want.</p>
        ) : quote.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {messageOf(quote.error)}
          </p>
        ) : quote.data ? (
          <>
            {quote.data.lines.map((l) => (
              <p key={l.typeId} className="flex justify-between gap-2 text-sm">
                <span>
                  {l.quantity} × {l.name}
                </span>
                <span>{priceLabel(l.unitCents * l.quantity || null, quote.data.currency)}</span>
              </p>
            ))}
            {quote.data.discounts.map((d) => (
              <p key={d.label} className="flex justify-between gap-2 text-sm">
                <span>{d.label}</span>
                <span>−{priceLabel(d.amountCents, quote.data.currency)}</span>
              </p>
            ))}
            <p className="flex justify-between gap-2 font-semibold" data-testid="order-total">
              <span>Total</span>
              <span>{priceLabel(quote.data.totalCents || null, quote.data.currency)}</span>
            </p>
          </>
        ) : (
          <Spinner />
        )}
      </div>

      {place.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {messageOf(place.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={items.length === 0 || place.isPending}>
          {place.isPending ? <Spinner /> : null}
          {waiting ? 'Join the waiting list' : 'Place order'}
        </Button>
      </DialogFooter>
    </form>
  );
}
