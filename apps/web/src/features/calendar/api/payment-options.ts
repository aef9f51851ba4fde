import { endpoints } from '@chamber/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** GET /payments/options: whether card payment (Stripe) is set up, so 'Pay online' is offered. */
export function usePaymentOptions() {
  return useQuery({
    queryKey: ['payment-options'],
    queryFn: ({ signal }) => api.call(endpoints.billing.paymentOptions, { signal }),
    staleTime: 5 * 60_000,
  });
}
