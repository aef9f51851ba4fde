import type { CheckInRequest, CheckInResult, DoorPaymentRequest, WalkIn } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { calendarKeys } from '@/lib/api/calendar-keys';

const door = endpoints['check-in'];
const listKey = (id: string) => [...calendarKeys.event(id), 'check-in'] as const;

/** GET …/check-in: the parties with seats and the counts; refreshed every 10 s (other phones). */
export function useCheckInList(id: string) {
  return useQuery({
    queryKey: listKey(id),
    queryFn: ({ signal }) =>
      api.call(door.list, {
        params: { id },
        signal,
        errorMessage: 'Failed to load the guest list',
      }),
    refetchInterval: 10_000,
  });
}

function useDoorMutation<T>(id: string, send: (body: T) => Promise<CheckInResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: calendarKeys.event(id) });
    },
  });
}

/** POST …/check-in, by scanned code or by registration id. */
export const useCheckIn = (id: string) =>
  useDoorMutation(id, (body: CheckInRequest) =>
    api.call(door.checkIn, { params: { id }, body, errorMessage: 'Check-in failed' }),
  );

/** POST …/walk-ins. */
export const useWalkIn = (id: string) =>
  useDoorMutation(id, (body: WalkIn) =>
    api.call(door.walkIn, {
      params: { id },
      body,
      errorMessage: 'Could not add the walk-in',
    }),
  );

/** POST …/check-in/payments: staff record a ticket paid at the door. */
export const useDoorPayment = (id: string) =>
  useDoorMutation(id, (body: DoorPaymentRequest) =>
    api.call(door.doorPayment, {
      params: { id },
      body,
      errorMessage: 'Could not record the payment',
    }),
  );
