import type {
  ContractListResponse,
  ContractMessageResponse,
  ContractResponse,
  PaymentStatus,
} from '@archline/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { BILLING_KEY, CONTRACTS_KEY, contractKey } from './keys.ts';

export interface ContractsFilter {
  search: string;
  paymentStatus: PaymentStatus | '';
  from: string;
  to: string;
  organizationId: number | null;
  page: number;
  perPage: number;
}

/** GET /contracts: one page of subscriptions. */
export function useContracts(filter: ContractsFilter) {
  return useQuery({
    queryKey: [...CONTRACTS_KEY, 'list', filter],
    queryFn: async ({ signal }) =>
      (
        await api.get<ContractListResponse>('/contracts', {
          query: {
            searchFullNameQuery: filter.search || undefined,
            paymentStatus: filter.paymentStatus || undefined,
            from: filter.from || undefined,
            to: filter.to || undefined,
            organizations: filter.organizationId ?? undefined,
            page: filter.page,
            per_page: filter.perPage,
          },
          signal,
        })
      ).contracts,
    placeholderData: keepPreviousData,
  });
}

/** GET /contracts/{id}. */
export function useContract(id: number) {
  return useQuery({
    queryKey: contractKey(id),
    queryFn: async ({ signal }) => (await api.get<ContractResponse>(`/contracts/${id}`, { signal })).contract,
  });
}

export type ContractAction = 'attempt_payment' | 'suspend' | 'resume';

/** POST /contracts/{id}/{attempt_payment|suspend|resume}; every billing view is refreshed after. */
export function useContractAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ContractAction) => api.post<ContractMessageResponse>(`/contracts/${id}/${action}`),
    // A declined payment is recorded too: refresh on failure as well.
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
  });
}
