import { endpoints } from '@chamber/contract/endpoints';
import type { OpeningHoursInput, UpdateLocation, UpdateMember } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { memberKeys } from '@/lib/api/members';

/** PUT /members/{id} (docs/product.md#api-calls): saves a member page and answers the updated member. */
export function updateMember(id: string, body: UpdateMember) {
  return api.call(endpoints.members.update, {
    params: { id },
    body,
    errorMessage: 'Failed to update profile',
  });
}

/** Saves a member page; the page shows the answer at once and every member list refetches. */
export function useUpdateMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMember) => updateMember(id, body),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(id), member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}

/** PUT /members/{id}/hours: the business's opening hours; answers the updated member. */
export function useUpdateHours(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningHoursInput) =>
      api.call(endpoints.members.setHours, {
        params: { id },
        body,
        errorMessage: 'Failed to save the opening hours',
      }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(id), member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}

/** PUT /members/{id}/location: the business's map pin; answers the updated member. */
export function useUpdateLocation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLocation) =>
      api.call(endpoints.members.setLocation, {
        params: { id },
        body,
        errorMessage: 'Failed to save the map pin',
      }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(id), member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });
}
