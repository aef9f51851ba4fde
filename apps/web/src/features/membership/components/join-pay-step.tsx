import { formatMoney, type JoinMembershipResponse, type MembershipPlan } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, MailIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { staffApprovalQueryOptions } from '@/lib/api/membership-plans';
import { useAuth } from '@/lib/auth/use-auth';
import { formatMemberSince } from '@/lib/members/labels';
import { myInvoicesQueryOptions, useJoin } from '../api/join';
import {
  myMembershipQueryOptions,
  paymentOptionsQueryOptions,
  usePayOnline,
} from '../api/my-membership';
import { HowToPaySection } from './how-to-pay';
import { type JoinDetailsValues, price, StepCard, STORAGE_KEY } from './join-parts';
import { PaymentCancelled } from './payment-outcome';

/** The joining wizard's last step, payment, and what it answers: an invoice sent, or paid. */

export function PayStep({
  plan,
  details,
  cancelled,
  onBack,
  onInvoiced,
}: {
  plan: MembershipPlan;
  details: JoinDetailsValues;
  /** Back from Checkout's 'Cancel' (its cancel URL, `?cancelled`). */
  cancelled: boolean;
  onBack: () => void;
  onInvoiced: (done: JoinMembershipResponse) => void;
}) {
  const options = useQuery(paymentOptionsQueryOptions());
  const approves = useQuery(staffApprovalQueryOptions()).data ?? false;
  const join = useJoin();
  const pay = usePayOnline();
  const busy = join.isPending || pay.isPending;
  // The email is the sign-in's; the rest is saved onto the membership's contact.
  const saved = {
    businessName: details.businessName,
    firstName: details.firstName,
    lastName: details.lastName,
    phone: details.phone,
    address1: details.address1,
    city: details.city,
    state: details.state,
    postalCode: details.postalCode,
  };

  async function choose(payBy: 'invoice' | 'card') {
    try {
      const answer = await join.mutateAsync({ planId: plan.id, details: saved, payBy });
      if (payBy === 'invoice' || !answer.invoice) onInvoiced(answer);
      else await pay.mutateAsync(answer.invoice.id);
    } catch (error) {
      toast.error(
        error instanceof Error && error.message
          ? error.message
          : 'Could not complete your membership',
      );
    }
  }

  return (
    <StepCard title="Payment" description="Pay your first year now, or ask for an invoice.">
      {cancelled ? <PaymentCancelled /> : null}
      <dl className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted-foreground">Plan</dt>
          <dd className="font-medium">{plan.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Amount</dt>
          <dd className="font-medium">{price(plan)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Business</dt>
          <dd className="font-medium">{details.businessName}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-3">
        {options.data?.online ? (
          <Button type="button" size="lg" disabled={busy} onClick={() => void choose('card')}>
            {cancelled ? 'Try again' : 'Pay online'}
          </Button>
        ) : null}
        <Button
          type="button"
          size="lg"
          variant={options.data?.online ? 'outline' : 'default'}
          disabled={busy}
          onClick={() => void choose('invoice')}
        >
          <MailIcon aria-hidden="true" />
          Send me an invoice
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {paymentNote(options.data?.online ?? false, approves)}
      </p>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onBack}>
        Back
      </Button>
    </StepCard>
  );
}

/**
 * What paying does, as the mails after it say: with staff approval on, a payment (online or
 * recorded) leads to staff's review, never to 'active at once'.
 */
function paymentNote(online: boolean, approves: boolean): string {
  if (approves) {
    return online
      ? 'Paying online records your payment at once; with an invoice, when the chamber records it. Staff then review your membership and confirm it, usually within two business days.'
      : 'Once the chamber records your payment, staff review your membership and confirm it, usually within two business days.';
  }
  return online
    ? 'Paying online makes your membership active at once. With an invoice, it starts when your payment is recorded.'
    : 'Your membership starts when the chamber records your payment.';
}

export function InvoiceConfirmation({
  done,
  email,
  onStartOver,
}: {
  done: JoinMembershipResponse;
  email: string;
  onStartOver: () => void;
}) {
  const invoice = done.invoice!;
  const amount = formatMoney(invoice.totalCents, invoice.currency);
  const online = useQuery(paymentOptionsQueryOptions()).data?.online ?? false;
  const approves = useQuery(staffApprovalQueryOptions()).data ?? false;
  return (
    <StepCard title="Thank you for joining!">
      <p role="status" className="flex gap-2 font-medium">
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        We emailed invoice {invoice.number} for {amount}
        {email ? ` to ${email}` : ''}.
      </p>
      <dl className="grid gap-3 rounded-lg border p-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-muted-foreground">Invoice</dt>
          <dd className="font-medium">{invoice.number}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Amount</dt>
          <dd className="font-medium">{amount}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Due</dt>
          <dd className="font-medium">{formatMemberSince(invoice.dueOn)}</dd>
        </div>
      </dl>
      <section aria-labelledby="join-next" className="grid gap-2">
        <h3 id="join-next" className="font-semibold">
          What happens next
        </h3>
        <HowToPaySection
          howToPay={done.howToPay}
          invoiceNumber={invoice.number}
          payOnline={online ? `Pay ${amount} online on My membership` : null}
        />
        <p className="text-sm">
          Your membership stays pending until the chamber records your payment; then{' '}
          {approves
            ? 'staff review it and confirm it, usually within two business days, and your business is listed in the directory.'
            : 'it is active and your business is listed in the directory.'}{' '}
          Your receipt is emailed to you.
        </p>
      </section>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.membership.href()} onClick={onStartOver}>
            Go to My membership
          </Link>
        </Button>
      </div>
    </StepCard>
  );
}

export function PaidConfirmation({ number }: { number: string }) {
  const { isAuthenticated } = useAuth();
  const mine = useQuery({ ...myMembershipQueryOptions(), enabled: isAuthenticated });
  const invoices = useQuery({ ...myInvoicesQueryOptions(), enabled: isAuthenticated });
  useEffect(() => sessionStorage.removeItem(STORAGE_KEY), []);
  const invoice = invoices.data?.invoices.find((i) => i.number === number);
  const membership = mine.data?.membership;
  return (
    <StepCard title="Thank you for joining!">
      <p role="status" className="flex gap-2 font-medium">
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        {invoice && invoice.status === 'paid'
          ? `We received ${formatMoney(invoice.totalCents, invoice.currency)} for invoice ${number}. Your receipt is on its way by email.`
          : `Thank you: your payment for invoice ${number} is being recorded. Your receipt follows by email.`}
      </p>
      {membership ? (
        <p className="text-sm">
          {membership.awaitingApproval
            ? 'The chamber approves new members: your listing goes live once staff have approved it.'
            : membership.status === 'active'
              ? `Your ${membership.plan.name} membership is active and your business is listed in the directory.`
              : 'Your membership becomes active as soon as the payment is recorded.'}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.membership.href()}>Go to My membership</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.profile.href()}>Edit your business profile</Link>
        </Button>
      </div>
    </StepCard>
  );
}
