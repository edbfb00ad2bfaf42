import type { AdditionalEmail, MeResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';

export interface AddEmailResult {
  message: string;
  email: AdditionalEmail;
}

/** POST /emails: an additional e-mail address of the signed-in (management) user. */
export function addEmail(email: string): Promise<AddEmailResult> {
  return api.post<AddEmailResult>('/emails', { email });
}

export function useAddEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmail,
    onSuccess: (result) =>
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
        me ? { ...me, additional_emails: [...me.additional_emails, result.email] } : me,
      ),
    meta: { silentError: true },
  });
}
