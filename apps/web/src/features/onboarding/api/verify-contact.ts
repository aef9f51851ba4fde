import { endpoints } from '@chamber/contract/endpoints';
import type { VerifyContactRequest } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/verify-contact (docs/product.md#api-calls): is the address on the roster, without a login yet? */
export function verifyContact(body: VerifyContactRequest) {
  return api.call(endpoints.auth.verifyContact, { body });
}

export function useVerifyContact() {
  return useMutation({ mutationFn: verifyContact });
}
