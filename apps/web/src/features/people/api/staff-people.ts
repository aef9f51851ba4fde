import type { MovePersonRequest, StaffAddPersonRequest } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { memberKeys } from '@/lib/api/members';

/**
 * Staff's changes to a business's people: adding someone without an invitation, moving a
 * person to another business. Either refetches every business's people and member pages.
 */
function useStaffPeopleMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** POST /admin/members/{id}/people */
export const useAddPerson = (contactId: string) =>
  useStaffPeopleMutation((body: StaffAddPersonRequest) =>
    api.call(endpoints.members.addPerson, {
      params: { id: contactId },
      body,
      errorMessage: 'Could not add the person',
    }),
  );

/** POST /admin/members/{id}/people/{personId}/move */
export const useMovePerson = (contactId: string) =>
  useStaffPeopleMutation(({ personId, ...body }: MovePersonRequest & { personId: string }) =>
    api.call(endpoints.members.movePerson, {
      params: { id: contactId, personId },
      body,
      errorMessage: 'Could not move the person',
    }),
  );

/**
 * The businesses staff may move a person to, found by name, contact or email in the
 * memberships list staff already search (GET /admin/memberships).
 */
export function useBusinessSearch(search: string) {
  return useQuery({
    queryKey: [...memberKeys.all, 'move-targets', search],
    queryFn: ({ signal }) =>
      api.call(endpoints.memberships.listMemberships, {
        query: { list: 'all', limit: 8, offset: 0, search },
        signal,
        errorMessage: 'Could not search the members',
      }),
    enabled: search.length > 0,
  });
}
