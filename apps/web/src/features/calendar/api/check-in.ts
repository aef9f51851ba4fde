import type {
  AttendeeCheckIn,
  CheckInRequest,
  CheckInResult,
  DoorPaymentRequest,
  WalkIn,
} from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '@/components/files/download-button';
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

/** POST /events/{id}/check-ins: one attendee of an order. */
export const useAttendeeCheckIn = (id: string) =>
  useDoorMutation(id, (body: AttendeeCheckIn) =>
    api.call(door.checkInAttendee, { params: { id }, body, errorMessage: 'Check-in failed' }),
  );

/** DELETE /events/{id}/check-ins/{attendeeId}: undoes one attendee's check-in. */
export const useUndoAttendeeCheckIn = (id: string) =>
  useDoorMutation(id, (attendeeId: string) =>
    api.call(door.undoAttendeeCheckIn, {
      params: { id, attendeeId },
      errorMessage: 'Could not undo the check-in',
    }),
  );

/** GET …/attendees.csv, fetched with the session and saved (a link would carry no token). */
export async function downloadAttendeesCsv(id: string) {
  const file = await api.download(door.attendeesCsv, {
    params: { id },
    errorMessage: 'Could not download the attendee list',
  });
  saveFile(file.blob, file.filename ?? 'attendees.csv');
}
