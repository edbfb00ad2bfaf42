import type {
  CaseNote,
  CreateCaseNoteRequest,
  CreateOnHoldNoteRequest,
  OnHoldNote,
} from '@archline/contracts/patients';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { caseNotesKey, onHoldNotesKey, patientKey } from './keys.ts';

/** GET /patients/{id}/case-notes: the conversation, oldest first. */
export const caseNotesQuery = (patientId: number) =>
  queryOptions({
    queryKey: caseNotesKey(patientId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CaseNote[] }>(`/patients/${patientId}/case-notes`, { signal })).data,
  });

export function useCaseNotes(patientId: number) {
  return useQuery(caseNotesQuery(patientId));
}

/** POST /patients/{id}/case-notes, then the list is loaded again. */
export function useAddCaseNote(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCaseNoteRequest) =>
      api.post<{ data: CaseNote; message: string }>(`/patients/${patientId}/case-notes`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: caseNotesKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: patientKey(patientId) });
    },
  });
}

/** GET /patients/{id}/on-hold-notes: the hold / unhold history. */
export const onHoldNotesQuery = (patientId: number) =>
  queryOptions({
    queryKey: onHoldNotesKey(patientId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: OnHoldNote[] }>(`/patients/${patientId}/on-hold-notes`, { signal })).data,
  });

export function useOnHoldNotes(patientId: number) {
  return useQuery(onHoldNotesQuery(patientId));
}

/** POST /patients/{id}/on-hold-notes (only while on hold), then the history is loaded again. */
export function useAddOnHoldNote(patientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOnHoldNoteRequest) =>
      api.post<{ data: OnHoldNote; message: string }>(`/patients/${patientId}/on-hold-notes`, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: onHoldNotesKey(patientId) });
      void queryClient.invalidateQueries({ queryKey: patientKey(patientId) });
    },
  });
}
