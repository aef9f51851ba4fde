import type { OrderItem, PlaceOrder, UpdateAttendee } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

const orderKeys = {
  staff: (eventId: string) => [...calendarKeys.event(eventId), 'orders'] as const,
  quote: (eventId: string, viewer: string | null, items: OrderItem[], promoCode?: string) =>
    [
      ...calendarKeys.event(eventId),
      'order-quote',
      viewer ?? 'visitor',
      items,
      promoCode ?? '',
    ] as const,
};

/**
 * POST /events/{id}/orders/quote: the total the server will charge, before paying, with a
 * promo code and the plan's benefits taken off (a code that does not apply is the error).
 */
export function useOrderQuote(
  eventId: string,
  viewer: string | null,
  items: OrderItem[],
  promoCode?: string,
) {
  return useQuery({
    queryKey: orderKeys.quote(eventId, viewer, items, promoCode),
    queryFn: ({ signal }) =>
      api.call(endpoints.tickets.quoteOrder, {
        params: { id: eventId },
        body: { items, promoCode },
        signal,
        errorMessage: 'Could not price this order',
      }),
    enabled: items.length > 0,
    retry: false,
  });
}

/** POST /events/{id}/orders. */
export function usePlaceOrder(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlaceOrder) =>
      api.call(endpoints.tickets.placeOrder, {
        params: { id: eventId },
        body,
        errorMessage: 'Could not place your order. Please try again.',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarKeys.event(eventId) }),
  });
}

/** GET /admin/events/{id}/orders: staff see each order with its attendees. */
export function useEventOrders(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.staff(eventId),
    queryFn: ({ signal }) =>
      api.call(endpoints.tickets.eventOrders, {
        params: { id: eventId },
        signal,
        errorMessage: 'Failed to load the orders',
      }),
    enabled,
  });
}

/** PUT /admin/events/{id}/attendees/{attendeeId}: staff change an attendee. */
export function useStaffUpdateAttendee(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ attendeeId, body }: { attendeeId: string; body: UpdateAttendee }) =>
      api.call(endpoints.tickets.updateAttendee, {
        params: { id: eventId, attendeeId },
        body,
        errorMessage: 'Could not save the attendee',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.staff(eventId) }),
  });
}
