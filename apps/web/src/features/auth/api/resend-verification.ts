import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function resendVerification(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/resend_verification', body);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
