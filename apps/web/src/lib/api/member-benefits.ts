import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** GET /members/{id}/benefits: a member business's ticket benefits, used and left this period. */
export const memberBenefitsQueryOptions = (memberId: string) =>
  queryOptions({
    queryKey: ['members', memberId, 'benefits'],
    queryFn: ({ signal }) =>
      api.call(endpoints.benefits.memberBenefits, {
        params: { id: memberId },
        signal,
        errorMessage: 'Failed to load the plan benefits',
      }),
  });
