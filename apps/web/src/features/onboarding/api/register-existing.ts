import { endpoints } from '@chamber/contract/endpoints';
import type { RegisterExistingRequest } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/register-existing (docs/product.md#api-calls): the login of a contact whose address was confirmed. */
export function registerExisting(body: RegisterExistingRequest) {
  return api.call(endpoints.auth.registerExisting, { body });
}

export function useRegisterExisting() {
  return useMutation({ mutationFn: registerExisting });
}
