import { api } from '../../../lib/api-client.ts';
import type { VerifyResponse } from '@archline/contracts/auth';

export type VerifyResult = VerifyResponse;

export function verifyAccount(token: string): Promise<VerifyResult> {
  return api.post<VerifyResult>('/verify', { token }, { skipUnauthorizedRedirect: true });
}
