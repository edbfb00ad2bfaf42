import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LoginRequest, LoginResponse } from '@archline/contracts/auth';
import { UNVERIFIED_EMAIL_CODE } from '@archline/contracts/auth-messages';

export type LoginBody = LoginRequest;
export type LoginResult = LoginResponse;

export { UNVERIFIED_EMAIL_CODE };

export function login(body: LoginBody): Promise<LoginResult> {
  // Wrong credentials answer 401: that is a form error, not a lost session.
  return api.post<LoginResult>('/login', body, { skipUnauthorizedRedirect: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { silentError: true } });
}
