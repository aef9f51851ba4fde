import {
  cardLabel,
  formatMoney,
  type MembershipStatus,
  type MyMembership,
  nextChargeSentence,
} from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMemberSince } from '@/lib/members/labels';
import {
  myMembershipQueryOptions,
  paymentOptionsQueryOptions,
  usePayOnline,
  useSetAutoRenew,
  useUpdateCard,
} from '../api/my-membership';
import { HowToPaySection } from './how-to-pay';
import { type BillingChange, ConfirmBillingDialog } from './confirm-billing-dialog';
import { MyInvoices } from './my-invoices';
import { PaymentOutcome } from './payment-outcome';

/** How each standing reads to the member. */
const standing: Record<
  MembershipStatus,
  { label: string; tone: 'default' | 'secondary' | 'destructive' | 'outline' }
> = {
  pending: { label: 'Pending payment', tone: 'outline' },
  active: { label: 'Active', tone: 'default' },
  grace: { label: 'In grace period', tone: 'secondary' },
  lapsed: { label: 'Lapsed', tone: 'destructive' },
  cancelled: { label: 'Cancelled', tone: 'outline' },
};

const failed = (fallback: string) => (error: unknown) =>
  toast.error(error instanceof Error && error.message ? error.message : fallback);

/** /membership: the signed-in member's plan, standing, invoices and what they may do. */
export function MyMembershipView() {
  const query = useQuery(myMembershipQueryOptions());
  const options = useQuery(paymentOptionsQueryOptions());
  if (query.error) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-8 text-center font-medium"
      >
        {query.error.message}
      </p>
    );
  }
  if (!query.data) {
    return (
      <div className="grid gap-6">
        <p role="status" className="sr-only">
          Loading your membership
        </p>
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <PaymentOutcome />
      <Loaded mine={query.data} online={options.data?.online ?? false} />
    </div>
  );
}

function Loaded({ mine, online }: { mine: MyMembership; online: boolean }) {
  const { membership, currency } = mine;
  // 'Renew now' and 'Upgrade to …' first show the price; the invoice is made on confirming.
  const [confirming, setConfirming] = useState<BillingChange | null>(null);
  const autoRenew = useSetAutoRenew();
  const updateCard = useUpdateCard();
  const autoRenewId = useId();
  const state = standing[membership.status];

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
      <Card>
        <CardHeader>
          {/* The page's first section under its h1, as 'Invoices to pay' beside it. */}
          <h2 className="flex flex-wrap items-center gap-3 text-xl leading-tight font-semibold">
            {membership.plan.name} membership
            <Badge variant={state.tone}>{state.label}</Badge>
          </h2>
          <CardDescription>
            {membership.businessName ?? membership.contactName}
            {membership.awaitingApproval ? ' · Paid, waiting for the chamber to approve it' : ''}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-muted-foreground">Paid through</dt>
              <dd className="font-medium">
                {membership.paidThrough
                  ? formatMemberSince(membership.paidThrough)
                  : 'Not paid yet'}
              </dd>
            </div>
            {membership.status === 'grace' && membership.graceEndsOn ? (
              <div>
                <dt className="text-sm text-muted-foreground">Grace period ends</dt>
                <dd className="font-medium">{formatMemberSince(membership.graceEndsOn)}</dd>
              </div>
            ) : null}
            {membership.nextPlan ? (
              <div>
                <dt className="text-sm text-muted-foreground">From your next renewal</dt>
                <dd className="font-medium">{membership.nextPlan.name}</dd>
              </div>
            ) : null}
            {membership.card ? (
              <div>
                <dt className="text-sm text-muted-foreground">Card</dt>
                <dd className="font-medium">
                  {cardLabel(membership.card.brand, membership.card.last4)}
                </dd>
              </div>
            ) : null}
          </dl>

          <div className="flex flex-wrap gap-3">
            {mine.may.renew && mine.renewal ? (
              <Button type="button" onClick={() => setConfirming({ kind: 'renewal' })}>
                Renew now ({formatMoney(mine.renewal.amountCents, currency)})
              </Button>
            ) : null}
            {mine.may.upgradeTo.map((plan) => (
              <Button
                key={plan.id}
                type="button"
                variant="outline"
                onClick={() => setConfirming({ kind: 'upgrade', plan })}
              >
                Upgrade to {plan.name}
              </Button>
            ))}
            {online && membership.card ? (
              <Button
                type="button"
                variant="outline"
                disabled={updateCard.isPending}
                onClick={() =>
                  updateCard.mutate(undefined, { onError: failed('Could not open the card page') })
                }
              >
                Update card
              </Button>
            ) : null}
          </div>

          {online && mine.may.setAutoRenew ? (
            <div className="flex items-start gap-3">
              <Checkbox
                id={autoRenewId}
                checked={membership.autoRenew}
                disabled={autoRenew.isPending}
                onCheckedChange={(checked) =>
                  autoRenew.mutate(checked === true, {
                    onError: failed('Could not change automatic renewal'),
                  })
                }
                className="mt-0.5"
              />
              <Label htmlFor={autoRenewId} className="grid gap-1 font-normal">
                <span className="font-medium">Renew automatically</span>
                <span className="text-sm text-muted-foreground">
                  We charge your card on your renewal date and mail you 7 days before, naming the
                  amount and the card.
                </span>
              </Label>
            </div>
          ) : null}
          {/* Turning automatic renewal on is confirmed here (and by mail) with the charge to come. */}
          <p role="status" className="text-sm font-medium empty:hidden">
            {membership.autoRenew && mine.nextCharge
              ? `Automatic renewal is on. ${nextChargeSentence(mine.nextCharge)}.`
              : ''}
          </p>
        </CardContent>
      </Card>
      <ConfirmBillingDialog change={confirming} onClose={() => setConfirming(null)} />
      <div className="grid gap-6">
        <OpenInvoices mine={mine} online={online} />
        <MyInvoices />
      </div>
    </div>
  );
}

function OpenInvoices({ mine, online }: { mine: MyMembership; online: boolean }) {
  const pay = usePayOnline();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Invoices to pay</h2>
      </CardHeader>
      <CardContent>
        {mine.openInvoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to pay right now.</p>
        ) : (
          <ul className="grid gap-4">
            {mine.openInvoices.map((invoice) => (
              <li key={invoice.id} className="grid gap-2 rounded-lg border p-4">
                <p className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">Invoice {invoice.number}</span>
                  <span className="font-semibold">
                    {formatMoney(invoice.totalCents, invoice.currency)}
                  </span>
                </p>
                <p className="text-sm text-muted-foreground">
                  Due {formatMemberSince(invoice.dueOn)}
                </p>
                {online ? (
                  <Button
                    type="button"
                    className="justify-self-start"
                    disabled={pay.isPending}
                    onClick={() =>
                      pay.mutate(invoice.id, { onError: failed('Could not open the payment page') })
                    }
                  >
                    Pay {formatMoney(invoice.totalCents, invoice.currency)} online
                  </Button>
                ) : null}
                <HowToPaySection
                  howToPay={mine.howToPay}
                  invoiceNumber={invoice.number}
                  payOnline={
                    online
                      ? `Use the Pay ${formatMoney(invoice.totalCents, invoice.currency)} online button above`
                      : null
                  }
                />
                {online ? null : (
                  <p className="text-sm text-muted-foreground">
                    The chamber records your payment and mails your receipt.
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
