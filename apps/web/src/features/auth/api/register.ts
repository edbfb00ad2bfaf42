import type { RegisterRequest } from '@archline/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type RegisterBody = RegisterRequest;

export function register(body: RegisterBody): Promise<{ message: string }> {
  return api.post<{ message: string }>('/register', body);
}

export function useRegister() {
  return useMutation({ mutationFn: register, meta: { silentError: true } });
}
