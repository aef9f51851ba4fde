import type { EndedSessions, SessionList } from '@chamber/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

const sessionKeys = { all: ['account', 'sessions'] as const };

/** GET /auth/sessions: where the account is signed in. */
export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) =>
      api
        .get<SessionList>('/auth/sessions', {
          signal,
          errorMessage: 'Failed to load your sessions',
        })
        .then((r) => r.sessions),
  });

export const useSessions = () => useQuery(sessionsQueryOptions());

/** DELETE /auth/sessions/{id}: signs one device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`, {
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
      api.post<EndedSessions>('/auth/sessions/end-others', undefined, {
        errorMessage: 'Could not sign the other devices out',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
