import { api } from '../../../lib/api-client.ts';

export interface ConfirmInvitationResult {
  message: string;
  organization: { id: number; name: string; [key: string]: unknown };
}

export function confirmInvitation(token: string): Promise<ConfirmInvitationResult> {
  return api.post<ConfirmInvitationResult>(
    '/organizations/confirm_invitation',
    { token },
    { skipUnauthorizedRedirect: true },
  );
}
