import type { VerifyConfirmationRequest, VerifyConfirmationResponse } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/verify-confirmation (spec §7): checks the code; answers the contact it proves. */
export function verifyConfirmation(body: VerifyConfirmationRequest) {
  return api.post<VerifyConfirmationResponse>('/auth/verify-confirmation', body);
}

export function useVerifyConfirmation() {
  return useMutation({ mutationFn: verifyConfirmation });
}
