import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Sign-up step 1: 422 with errors.email when the address is taken or invalid. */
export function checkEmail(email: string): Promise<unknown> {
  return api.get('/check-email', { query: { email } });
}

export function useCheckEmail() {
  return useMutation({ mutationFn: checkEmail, meta: { silentError: true } });
}
