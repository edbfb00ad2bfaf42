import type { ViewerSignInCodeResponse } from '@archline/contracts';
import { api } from '../../../lib/api-client.ts';

/** A single-use code (one minute) that signs the DIBS desktop viewer in as the current user. */
export function requestViewerSignInCode(signal?: AbortSignal): Promise<ViewerSignInCodeResponse> {
  return api.post<ViewerSignInCodeResponse>('/viewer/sign-in-code', undefined, { signal });
}
