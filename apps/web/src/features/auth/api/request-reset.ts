import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function requestReset(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/request_reset', body);
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset, meta: { silentError: true } });
}
