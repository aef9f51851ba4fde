import { endpoints } from '@chamber/contract/endpoints';
import type {
  MailPreferencesInput,
  newsletterConfirmSchema,
  preferenceLinkRequestSchema,
  UnsubscribeState,
} from '@chamber/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api/client';

const stateKey = (token: string) => ['mail-preferences', token] as const;

/** GET /unsubscribe/{token}: the link's address and topic choices, or `{ valid: false }`. */
export function useMailPreferences(token: string) {
  return useQuery({
    queryKey: stateKey(token),
    queryFn: ({ signal }) =>
      api.call(endpoints.communications.unsubscribeState, { params: { token }, signal }),
  });
}

/** The page's answer replaces the cached state, so the page shows what the server kept. */
function useKeepState(token: string) {
  const queryClient = useQueryClient();
  return (state: UnsubscribeState) => queryClient.setQueryData(stateKey(token), state);
}

/** POST /unsubscribe/{token}: leaves the link's topic in one click. */
export function useUnsubscribe(token: string) {
  const keep = useKeepState(token);
  return useMutation({
    mutationFn: () => api.call(endpoints.communications.unsubscribe, { params: { token } }),
    onSuccess: keep,
  });
}

/** PUT /unsubscribe/{token}/preferences: the topics received (true) or not. */
export function useSavePreferences(token: string) {
  const keep = useKeepState(token);
  return useMutation({
    mutationFn: (topics: MailPreferencesInput['topics']) =>
      api.call(endpoints.communications.updatePreferences, {
        params: { token },
        body: { topics },
      }),
    onSuccess: keep,
  });
}

/** POST /unsubscribe/request: a fresh link mailed; the same answer for any address. */
export function useRequestPreferenceLink() {
  return useMutation({
    mutationFn: (body: z.input<typeof preferenceLinkRequestSchema>) =>
      api.call(endpoints.communications.requestPreferenceLink, { body }),
  });
}

/** POST /newsletter/confirm: the sign-up's link. */
export function useConfirmNewsletter() {
  return useMutation({
    mutationFn: (body: z.input<typeof newsletterConfirmSchema>) =>
      api.call(endpoints.communications.confirm, { body }),
  });
}
