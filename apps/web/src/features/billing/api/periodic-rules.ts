import type {
  CreatePeriodicRuleRequest,
  ListPeriodicRulesResponse,
  PeriodicRuleMessageResponse,
  PeriodicRuleResponse,
} from '@archline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { periodicRulesKey } from './keys.ts';

/** GET /periodic-rules?contractId= (only asked for when the caller holds periodic-rules.manage). */
export function usePeriodicRules(contractId: number, enabled: boolean) {
  return useQuery({
    queryKey: periodicRulesKey(contractId),
    queryFn: async ({ signal }) =>
      (await api.get<ListPeriodicRulesResponse>('/periodic-rules', { query: { contractId }, signal }))
        .periodic_rules,
    enabled,
  });
}

/** GET /periodic-rules/{id}?contractId= */
export function usePeriodicRule(contractId: number, id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...periodicRulesKey(contractId), 'one', id],
    queryFn: async ({ signal }) =>
      (
        await api.get<PeriodicRuleResponse>(`/periodic-rules/${id}`, {
          query: { contractId },
          signal,
        })
      ).periodic_rule,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

/** POST /periodic-rules, or PUT /periodic-rules/{id} when an id is given. */
export function useSavePeriodicRule(contractId: number, id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<CreatePeriodicRuleRequest, 'contract_id'>) =>
      id === undefined
        ? api.post<PeriodicRuleMessageResponse>('/periodic-rules', { ...body, contract_id: contractId })
        : api.put<PeriodicRuleMessageResponse>(`/periodic-rules/${id}`, { ...body, contract_id: contractId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: periodicRulesKey(contractId) }),
    meta: { silentError: true },
  });
}

/** DELETE /periodic-rules/{id}?contractId= */
export function useDeletePeriodicRule(contractId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string }>(`/periodic-rules/${id}`, { query: { contractId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: periodicRulesKey(contractId) }),
    meta: { silentError: true },
  });
}
