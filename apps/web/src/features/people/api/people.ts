import type { InviteRequest, UpdatePersonRequest } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { memberKeys } from '@/lib/api/members';

/** Under the member's keys: saving one's listing refetches its people too. */
export const peopleKeys = {
  of: (contactId: string) => [...memberKeys.all, 'people', contactId] as const,
};

/** GET /members/{id}/people: the business's people, its open invitations and what the viewer may do. */
export const businessPeopleQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: peopleKeys.of(contactId),
    queryFn: ({ signal }) =>
      api.call(endpoints.members.people, {
        params: { id: contactId },
        signal,
        errorMessage: 'Failed to load the people of the business',
      }),
  });

export const useBusinessPeople = (contactId: string) =>
  useQuery(businessPeopleQueryOptions(contactId));

/**
 * A change to the business's people refetches them, and the member's page (the people it
 * shows on the listing, the primary person's name and email).
 */
function usePeopleMutation<TArgs, TResult>(
  contactId: string,
  mutationFn: (args: TArgs) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.of(contactId) }),
        queryClient.invalidateQueries({ queryKey: memberKeys.detail(contactId) }),
      ]),
  });
}

/** POST /members/{id}/invitations: mails a colleague a link to join with a role. */
export const useInvite = (contactId: string) =>
  usePeopleMutation(contactId, (body: InviteRequest) =>
    api.call(endpoints.members.invite, {
      params: { id: contactId },
      body,
      errorMessage: 'Could not send the invitation',
    }),
  );

/** DELETE /members/{id}/invitations/{invitationId}: the link stops working. */
export const useWithdrawInvitation = (contactId: string) =>
  usePeopleMutation(contactId, (invitationId: string) =>
    api.call(endpoints.members.withdrawInvitation, {
      params: { id: contactId, invitationId },
      errorMessage: 'Could not withdraw the invitation',
    }),
  );

/** PATCH /members/{id}/people/{personId}: role, title or whether the listing shows them. */
export const useUpdatePerson = (contactId: string) =>
  usePeopleMutation(
    contactId,
    ({ personId, ...body }: UpdatePersonRequest & { personId: string }) =>
      api.call(endpoints.members.updatePerson, {
        params: { id: contactId, personId },
        body,
        errorMessage: 'Could not save the change',
      }),
  );

/** DELETE /members/{id}/people/{personId}: the person leaves the business. */
export const useRemovePerson = (contactId: string) =>
  usePeopleMutation(contactId, (personId: string) =>
    api.call(endpoints.members.removePerson, {
      params: { id: contactId, personId },
      errorMessage: 'Could not remove the person',
    }),
  );
