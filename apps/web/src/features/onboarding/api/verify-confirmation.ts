import { endpoints } from '@chamber/contract/endpoints';
import type { VerifyConfirmationRequest } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/verify-confirmation (docs/product.md#api-calls): checks the code; answers the contact it proves. */
export function verifyConfirmation(body: VerifyConfirmationRequest) {
  return api.call(endpoints.auth.verifyConfirmation, { body });
}

export function useVerifyConfirmation() {
  return useMutation({ mutationFn: verifyConfirmation });
}
