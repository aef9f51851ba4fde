import { endpoints } from '@chamber/contract/endpoints';
import type { AutoRenewAnswer, PaymentRedirect } from '@chamber/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { leaveSite } from '@/lib/leave-site';

export const myMembershipQueryOptions = () =>
  queryOptions({
    queryKey: ['my-membership'],
    queryFn: ({ signal }) =>
      api.call(endpoints.memberships.myMembership, {
        signal,
        errorMessage: 'Failed to fetch your membership',
      }),
  });

export const paymentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-options'],
    queryFn: ({ signal }) => api.call(endpoints.billing.paymentOptions, { signal }),
    staleTime: 5 * 60_000,
  });

/** Stripe's page (Checkout or the customer portal); the member comes back to /membership. */
const goTo = (answer: PaymentRedirect | AutoRenewAnswer) => {
  if (answer.url) leaveSite.to(answer.url);
};

/** Pay an open invoice by card: POST /payments/checkout, then Stripe's Checkout page. */
export function usePayOnline() {
  return useMutation({
    mutationFn: (invoiceId: string) =>
      api.call(endpoints.billing.checkout, {
        body: { invoiceId },
        errorMessage: 'Could not open the payment page',
      }),
    onSuccess: goTo,
  });
}

/** 'Update card': Stripe's customer portal. */
export function useUpdateCard() {
  return useMutation({
    mutationFn: () =>
      api.call(endpoints.billing.cardPortal, {
        errorMessage: 'Could not open the card page',
      }),
    onSuccess: goTo,
  });
}

/** Automatic renewal on or off; turning it on without a saved card goes to Checkout first. */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.call(endpoints.billing.setAutoRenew, {
        body: { on },
        errorMessage: 'Could not change automatic renewal',
      }),
    onSuccess: async (answer) => {
      goTo(answer);
      await queryClient.invalidateQueries({ queryKey: myMembershipQueryOptions().queryKey });
    },
  });
}

/** What an upgrade or 'Renew now' would cost today, nothing issued (the confirmation dialog). */
export const membershipQuoteQueryOptions = (change: 'renewal' | { upgradeTo: string }) =>
  queryOptions({
    queryKey: ['membership-quote', change === 'renewal' ? 'renewal' : change.upgradeTo],
    queryFn: ({ signal }) =>
      api.call(endpoints.memberships.quote, {
        query:
          change === 'renewal'
            ? { change: 'renewal' }
            : { change: 'upgrade', planId: change.upgradeTo },
        signal,
        errorMessage: 'Could not work out the price',
      }),
    // A price is for today: asked again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });

/** 'Renew now': the one open renewal invoice (two clicks get the same one). */
export function useRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(endpoints.memberships.renew, {
        errorMessage: 'Could not start the renewal',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myMembershipQueryOptions().queryKey }),
  });
}

/** 'Upgrade' (the prorated difference is invoiced) or a downgrade at renewal. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) =>
      api.call(endpoints.memberships.changePlan, {
        body: { planId },
        errorMessage: 'Could not change the plan',
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: myMembershipQueryOptions().queryKey }),
  });
}
