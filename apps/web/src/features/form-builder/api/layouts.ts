import type { FormBuilderLayout, FormLayout } from '@archline/contracts/form-builder';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const FORM_BUILDER_QUERY_KEY = ['form-builder'] as const;

interface LayoutBody {
  form_builder: FormBuilderLayout;
}
export interface SavedLayout extends LayoutBody {
  message: string;
}

/**
 * GET /form-builder/default (organizationId null) or GET /organizations/{id}/form-builder (the
 * organization's layout, or the default one when it has none).
 */
export const layoutQueryOptions = (organizationId: number | null) =>
  queryOptions({
    queryKey:
      organizationId === null
        ? [...FORM_BUILDER_QUERY_KEY, 'default']
        : [...FORM_BUILDER_QUERY_KEY, 'organization', organizationId],
    queryFn: async ({ signal }) =>
      (
        await api.get<LayoutBody>(
          organizationId === null ? '/form-builder/default' : `/organizations/${organizationId}/form-builder`,
          { signal },
        )
      ).form_builder,
    meta: { silentError: true },
  });

/** The layout a screen edits: the default one (organizationId null) or an organization's. */
export function useLayout(organizationId: number | null) {
  return useQuery(layoutQueryOptions(organizationId));
}

/**
 * Saves a layout: PUT /form-builder/{id} when the target layout is stored, otherwise POST
 * /form-builder (the default layout's first save, or an organization's own layout derived from the
 * layout it showed until now).
 */
export function saveLayout(
  current: FormBuilderLayout,
  organizationId: number | null,
  formData: FormLayout,
): Promise<SavedLayout> {
  const ownsStoredLayout = current.id !== null && current.organization_id === organizationId;
  if (ownsStoredLayout) return api.put<SavedLayout>(`/form-builder/${current.id}`, { form_data: formData });
  return api.post<SavedLayout>('/form-builder', {
    organization_id: organizationId,
    form_builder_id: current.id,
    form_data: formData,
  });
}

export function useSaveLayout(organizationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ current, formData }: { current: FormBuilderLayout; formData: FormLayout }) =>
      saveLayout(current, organizationId, formData),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORM_BUILDER_QUERY_KEY }),
    // The builder shows the server's field errors itself.
    meta: { silentError: true },
  });
}

/** POST /organizations/{id}/form-builder/reset */
export function useResetLayout(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SavedLayout>(`/organizations/${organizationId}/form-builder/reset`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORM_BUILDER_QUERY_KEY }),
  });
}
