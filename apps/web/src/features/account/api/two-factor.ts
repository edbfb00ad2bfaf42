import type {
  TwoFactorConfirmResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@archline/contracts/two-factor';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const statusKey = ['me', 'two-factor'] as const;

/** GET /me/two-factor: whether two-factor sign-in is on. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<TwoFactorStatusResponse>('/me/two-factor'),
  });
}

/** POST /me/two-factor/setup: a new secret and its QR code. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetupResponse>('/me/two-factor/setup') });
}

/** POST /me/two-factor/confirm: the first code; answers the recovery codes once. */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TwoFactorConfirmResponse>('/me/two-factor/confirm', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
    meta: { silentError: true },
  });
}

/** POST /me/two-factor/disable with a current code. */
export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string }>('/me/two-factor/disable', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
    meta: { silentError: true },
  });
}
