import type { PromoCodeValues } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from './admin-keys';

const promoKeys = { list: () => [...adminKeys.all, 'promo-codes'] as const };

/** GET /admin/promo-codes: every code with its uses and status, the currency and the zone. */
export const promoCodesQueryOptions = () =>
  queryOptions({
    queryKey: promoKeys.list(),
    queryFn: ({ signal }) =>
      api.call(endpoints.benefits.promoCodes, {
        signal,
        errorMessage: 'Failed to load the promo codes',
      }),
  });

/** Staff create, change, end and delete codes; the list refetches after each. */
export function usePromoCodeChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: promoKeys.list() });
  const save = useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PromoCodeValues }) =>
      id === null
        ? api.call(endpoints.benefits.createPromoCode, {
            body: input,
            errorMessage: 'Failed to save the promo code',
          })
        : api.call(endpoints.benefits.updatePromoCode, {
            params: { id },
            body: input,
            errorMessage: 'Failed to save the promo code',
          }),
    onSuccess,
  });
  const end = useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.benefits.endPromoCode, {
        params: { id },
        errorMessage: 'Failed to end the promo code',
      }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.benefits.deletePromoCode, {
        params: { id },
        errorMessage: 'Failed to delete the promo code',
      }),
    onSuccess,
  });
  return { save, end, remove };
}
