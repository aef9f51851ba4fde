import type { TicketTypeInput } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

/** The ticket types' key: the prices depend on who asks, so the viewer is part of it. */
export const ticketTypeKeys = {
  all: (eventId: string) => [...calendarKeys.event(eventId), 'ticket-types'] as const,
  list: (eventId: string, viewer: string | null) =>
    [...ticketTypeKeys.all(eventId), viewer ?? 'visitor'] as const,
};

/** GET /events/{id}/ticket-types: each type with its price for the viewer and what is left. */
export const ticketTypesQueryOptions = (eventId: string, viewer: string | null) =>
  queryOptions({
    queryKey: ticketTypeKeys.list(eventId, viewer),
    queryFn: ({ signal }) =>
      api.call(endpoints.tickets.ticketTypes, {
        params: { id: eventId },
        signal,
        errorMessage: 'Failed to load the ticket types',
      }),
  });

export function useTicketTypes(eventId: string, viewer: string | null, enabled = true) {
  return useQuery({ ...ticketTypesQueryOptions(eventId, viewer), enabled });
}

/** Staff add, change and delete an event's types; the list refetches after each. */
export function useSaveTicketType(eventId: string) {
  const queryClient = useQueryClient();
  const refetch = () =>
    void queryClient.invalidateQueries({ queryKey: ticketTypeKeys.all(eventId) });
  const save = useMutation({
    mutationFn: ({ typeId, input }: { typeId: string | null; input: TicketTypeInput }) =>
      typeId === null
        ? api.call(endpoints.tickets.createTicketType, {
            params: { id: eventId },
            body: input,
            errorMessage: 'Failed to save the ticket type',
          })
        : api.call(endpoints.tickets.updateTicketType, {
            params: { id: eventId, typeId },
            body: input,
            errorMessage: 'Failed to save the ticket type',
          }),
    onSuccess: refetch,
  });
  const remove = useMutation({
    mutationFn: (typeId: string) =>
      api.call(endpoints.tickets.deleteTicketType, {
        params: { id: eventId, typeId },
        errorMessage: 'Failed to delete the ticket type',
      }),
    onSuccess: refetch,
  });
  return { save, remove };
}
