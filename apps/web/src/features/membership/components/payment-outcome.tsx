import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';

/** Checkout's 'Cancel' came back here: nothing was taken; pay again or ask for an invoice. */
export function PaymentCancelled({
  next = 'You can try again, or ask for an invoice and pay it later.',
}: {
  next?: string;
}) {
  return (
    <p
      role="status"
      className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 font-medium"
    >
      <CircleAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <span>Payment cancelled — nothing was charged. {next}</span>
    </p>
  );
}

/**
 * Back from Checkout on /membership: `?paid={number}` (its success URL) or `?cancelled` (its
 * cancel URL), said at the top of the page.
 */
export function PaymentOutcome() {
  const [params] = useSearchParams();
  const paid = params.get('paid');
  if (paid) {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-lg border border-success/40 bg-success/5 p-4 font-medium"
      >
        <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <span>
          Payment received for invoice {paid}. Thank you: your receipt is on its way by email.
        </span>
      </p>
    );
  }
  return params.has('cancelled') ? (
    <PaymentCancelled next="The invoice stays open: pay it online again, or as it says below." />
  ) : null;
}
