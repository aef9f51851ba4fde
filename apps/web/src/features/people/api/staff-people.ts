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

/** A business a person may be moved to. */
export interface MoveTarget {
  id: string;
  name: string;
}

/**
 * The businesses staff may move a person to, found by name: for an admin in the memberships
 * list (GET /admin/memberships, every business, whatever its standing); for a moderator, who
 * may not read that list, in the directory (GET /members, the listed businesses).
 */
export function useBusinessSearch(search: string, isAdmin: boolean) {
  return useQuery({
    queryKey: [...memberKeys.all, 'move-targets', isAdmin ? 'all' : 'listed', search],
    queryFn: async ({ signal }): Promise<MoveTarget[]> => {
      if (isAdmin) {
        const { memberships } = await api.call(endpoints.memberships.listMemberships, {
          query: { list: 'all', limit: 8, offset: 0, search },
          signal,
          errorMessage: 'Could not search the members',
        });
        return memberships.map((m) => ({
          id: m.contactId,
          name: m.businessName || m.contactName || m.email || 'Unnamed business',
        }));
      }
      const { members } = await api.call(endpoints.members.directory, {
        query: { source: 'Move a person', limit: 8, search },
        signal,
        errorMessage: 'Could not search the members',
      });
      return members.map((m) => ({ id: m.id, name: m.businessName || m.name }));
    },
    enabled: search.length > 0,
  });
}
