import { endpoints } from '@chamber/contract/endpoints';
import type { z } from 'zod';
import type { newsletterSubscribeSchema } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /newsletter/subscribe: mails a confirmation link (double opt-in), the same answer for anyone. */
export function subscribeToNewsletter(body: z.input<typeof newsletterSubscribeSchema>) {
  return api.call(endpoints.communications.subscribe, { body });
}

export function useNewsletterSubscribe() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
