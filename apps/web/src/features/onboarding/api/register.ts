import type { RegisterRequest, RegistrationResponse } from '@chamber/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST /auth/register: a new member's contact and pending login. */
export function register(body: RegisterRequest) {
  return api.post<RegistrationResponse>('/auth/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
