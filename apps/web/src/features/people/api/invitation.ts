import type { AcceptInvitationRequest } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api/client';

/** GET /invitations/{token}: the business and role, before anyone signs in. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitations', token],
    queryFn: ({ signal }) =>
      api.call(endpoints.members.invitation, {
        params: { token },
        signal,
        errorMessage: 'Failed to load the invitation',
      }),
    // A used or expired link answers the same the second time.
    retry: false,
  });

/** POST /invitations/{token}/accept: join signed in (empty body), or with a new sign-in. */
export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      api.call(endpoints.members.acceptInvitation, {
        params: { token },
        body,
        errorMessage: 'Could not accept the invitation',
      }),
  });

/**
 * An invitation link that no longer works: used, withdrawn or expired (410), or one the
 * server does not know (404). The page says so instead of an error.
 */
export const invitationGone = (error: unknown) =>
  error instanceof ApiError && (error.status === 410 || error.status === 404);
