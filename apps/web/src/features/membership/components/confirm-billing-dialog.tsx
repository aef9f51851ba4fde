import { formatMoney, type MembershipPlanRef, type MembershipQuote } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMemberSince } from '@/lib/members/labels';
import { membershipQuoteQueryOptions, useChangePlan, useRenew } from '../api/my-membership';

/** What a confirmation is for: an upgrade to a plan, or 'Renew now'. */
export type BillingChange = { kind: 'upgrade'; plan: MembershipPlanRef } | { kind: 'renewal' };

const day = (value: string) => formatMemberSince(value);
const perDay = (cents: number, currency: string) => `${formatMoney(cents, currency)} a day`;
const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The price of an upgrade or renewal, shown before anything is billed: the days left, both
 * daily prices, what each term costs, the total and what changes when. The invoice is made
 * only when the member confirms.
 */
export function ConfirmBillingDialog({
  change,
  onClose,
}: {
  change: BillingChange | null;
  onClose: () => void;
}) {
  // The button that opened it gets the focus back.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={change !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onOpenAutoFocus={() => {
          opener.current = document.activeElement as HTMLElement | null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (opener.current?.isConnected) opener.current.focus();
        }}
      >
        {change ? <Body change={change} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Body({ change, onClose }: { change: BillingChange; onClose: () => void }) {
  const quote = useQuery(
    membershipQuoteQueryOptions(
      change.kind === 'renewal' ? 'renewal' : { upgradeTo: change.plan.id },
    ),
  );
  const renew = useRenew();
  const changePlan = useChangePlan();
  const [error, setError] = useState<string | null>(null);
  const pending = renew.isPending || changePlan.isPending;
  const title =
    change.kind === 'upgrade' ? `Upgrade to ${change.plan.name}` : 'Renew your membership';

  function confirm() {
    setError(null);
    // The invoice made shows under 'Invoices to pay' as the dialog closes.
    const done = () => onClose();
    const failed = (caught: unknown) => {
      const message = errorText(caught, 'Could not make the invoice');
      setError(message);
      toast.error(message);
    };
    if (change.kind === 'upgrade') {
      changePlan.mutate(change.plan.id, {
        onSuccess: done,
        onError: failed,
      });
    } else {
      renew.mutate(undefined, {
        onSuccess: done,
        onError: failed,
      });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          Check the price first: the invoice is made only when you confirm.
        </DialogDescription>
      </DialogHeader>
      {quote.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorText(quote.error, 'Could not work out the price')}
        </p>
      ) : !quote.data ? (
        <div className="grid gap-3" aria-busy="true">
          <p role="status" className="sr-only">
            Working out the price
          </p>
          <Skeleton className="h-24 rounded-lg" />
          <Skeleton className="h-12 rounded-lg" />
        </div>
      ) : (
        <Breakdown quote={quote.data} />
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={!quote.data || pending} onClick={confirm}>
          {pending
            ? 'Making the invoice…'
            : quote.data
              ? `${change.kind === 'upgrade' ? 'Confirm upgrade' : 'Confirm renewal'} — ${formatMoney(quote.data.totalCents, quote.data.currency)}`
              : 'Confirm'}
        </Button>
      </DialogFooter>
    </>
  );
}

function Breakdown({ quote }: { quote: MembershipQuote }) {
  const { currency } = quote;
  const money = (cents: number) => formatMoney(cents, currency);
  const samePlan = quote.fromPlan.id === quote.toPlan.id;
  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        <dt className="text-muted-foreground">Days left in your term</dt>
        <dd className="text-right font-medium tabular-nums">
          {quote.daysLeft > 0
            ? `${quote.daysLeft} ${quote.daysLeft === 1 ? 'day' : 'days'}`
            : quote.paidThrough
              ? `None (paid through ${day(quote.paidThrough)})`
              : 'None'}
        </dd>
        <dt className="text-muted-foreground">{quote.fromPlan.name} (your plan)</dt>
        <dd className="text-right font-medium tabular-nums">
          {perDay(quote.fromDailyCents, currency)}
        </dd>
        {samePlan && quote.change === 'renewal' ? null : (
          <>
            <dt className="text-muted-foreground">{quote.toPlan.name}</dt>
            <dd className="text-right font-medium tabular-nums">
              {perDay(quote.toDailyCents, currency)}
            </dd>
          </>
        )}
      </dl>
      <div className="grid gap-2 rounded-lg border p-3">
        <ul className="grid gap-2">
          {quote.lines.map((line) => (
            <li key={line.startsOn} className="grid grid-cols-[1fr_auto] items-baseline gap-x-4">
              <span>
                {day(line.startsOn)} to {day(line.endsOn)}
                <span className="block text-muted-foreground">
                  {quote.change === 'upgrade'
                    ? `${line.daysCharged} of ${line.days} days × ${money(quote.toPlan.priceCents - quote.fromPlan.priceCents)} a year`
                    : `${line.days} days of ${quote.toPlan.name}`}
                </span>
              </span>
              <span className="font-medium tabular-nums">{money(line.amountCents)}</span>
            </li>
          ))}
        </ul>
        <p className="flex items-baseline justify-between gap-4 border-t pt-2 text-base font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{money(quote.totalCents)}</span>
        </p>
      </div>
      <div className="grid gap-1">
        <h3 className="font-medium">What changes</h3>
        {quote.change === 'upgrade' ? (
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>
              You move to {quote.toPlan.name} the day the invoice is paid, through{' '}
              {day(quote.paidThroughAfter)}; your paid-through date stays the same.
            </li>
            <li>
              The price is for payment today, {day(quote.today)}. Paid on a later day, ask for the
              upgrade again for that day's price.
            </li>
            <li>
              Your next renewal is at {quote.toPlan.name}'s price, {money(quote.toPlan.priceCents)}{' '}
              a year.
            </li>
          </ul>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>
              Once the invoice is paid, your membership is paid through{' '}
              {day(quote.paidThroughAfter)}.
            </li>
            {samePlan ? null : (
              <li>
                From {day(quote.takesEffectOn)} your plan is {quote.toPlan.name}.
              </li>
            )}
            <li>We mail you the invoice with its PDF.</li>
          </ul>
        )}
      </div>
    </div>
  );
}
