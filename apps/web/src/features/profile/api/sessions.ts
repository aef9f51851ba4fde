import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const sessionKeys = { all: ['account', 'sessions'] as const };

/** GET /auth/sessions: where the account is signed in. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) =>
      api
        .call(endpoints.auth.listSessions, { signal, errorMessage: 'Failed to load your sessions' })
        .then((r) => r.sessions),
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** DELETE /auth/sessions/{id}: signs one device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.call(endpoints.auth.endSession, {
        params: { id },
        errorMessage: 'Could not sign that device out',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}

/** POST /auth/sessions/end-others: every device but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call(endpoints.auth.endOtherSessions, {
        errorMessage: 'Could not sign the other devices out',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
