import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /users/{id}/two-factor: a super admin turns off a user's two-factor sign-in. */
export function useResetTwoFactor() {
  return useMutation({
    mutationFn: (userId: number) => api.delete<{ message: string }>(`/users/${userId}/two-factor`),
  });
}
