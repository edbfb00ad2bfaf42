import type { MeResponse } from '@archline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ME_QUERY_KEY } from '../../../session/me.ts';

/** DELETE /emails/{id} */
export function deleteEmail(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/emails/${id}`);
}

export function useDeleteEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmail,
    onSuccess: (_result, id) =>
      queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, (me) =>
        me ? { ...me, additional_emails: me.additional_emails.filter((e) => e.id !== id) } : me,
      ),
  });
}
