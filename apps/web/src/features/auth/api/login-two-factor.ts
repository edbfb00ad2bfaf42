import { useMutation } from '@tanstack/react-query';
import type { LoginInfo } from '@archline/contracts/auth';
import type { TwoFactorLoginRequest } from '@archline/contracts/two-factor';
import { api } from '../../../lib/api-client.ts';

/** POST /login/two-factor: the sign-in challenge and a code give the session. */
export function loginTwoFactor(body: TwoFactorLoginRequest): Promise<LoginInfo> {
  return api.post<LoginInfo>('/login/two-factor', body, { skipUnauthorizedRedirect: true });
}

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: loginTwoFactor, meta: { silentError: true } });
}
