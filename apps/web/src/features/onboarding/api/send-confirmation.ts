import { endpoints } from '@chamber/contract/endpoints';
import type { SendConfirmationRequest } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/send-confirmation (docs/product.md#api-calls): mails a new 6-digit code, replacing the old one. */
export function sendConfirmation(body: SendConfirmationRequest) {
  return api.call(endpoints.auth.sendConfirmation, { body });
}

export function useSendConfirmation() {
  return useMutation({ mutationFn: sendConfirmation });
}
