import { endpoints } from '@chamber/contract/endpoints';
import type { RegisterRequest } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/register: a new member's contact and pending login. */
export function register(body: RegisterRequest) {
  return api.call(endpoints.auth.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
