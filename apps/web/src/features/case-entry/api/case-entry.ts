import type {
  RxFormPricingResponse,
  ArchWiresResponse,
  BracketLibrariesResponse,
  CalendarDaysResponse,
  CheckSimilarPatientResponse,
  CreateRxFormRequest,
  CreateRxFormResponse,
  CustomBracketSetsResponse,
  DoctorsResponse,
  FormBuilderLayout,
  InitialSetupConfigurationResponse,
  IsValidBusinessDateResponse,
  NextBusinessDateResponse,
  OrganizationLocation,
  OrganizationSummary,
  PrintRequestConfigurationResponse,
  RxFormMessageResponse,
  RxFormPreferenceResponse,
  RxFormResponse,
  ShippingMethodsResponse,
  UpdateRxFormRequest,
  UploadLinkResponse,
} from '@archline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { putFile } from '../../../lib/api/upload-file.ts';

/** The caller's local date-time and offset (minutes east of UTC) for the business-day calls. */
export function localNow(now = new Date()): { datetime: string; offset: number } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const datetime = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return { datetime, offset: -now.getTimezoneOffset() };
}

const silent = { silentError: true };

/** GET /organizations/{id}/rx_form_preference */
export const preferenceQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['rx-form-preference', organizationId],
    queryFn: ({ signal }) =>
      api.get<RxFormPreferenceResponse>(`/organizations/${organizationId}/rx_form_preference`, { signal }),
    meta: silent,
  });

/** GET /organizations/{id}/initial_setup_configuration: the initial setup assignment a new case starts with. */
export const initialSetupConfigurationQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['assignment-configuration', 'initial-setup', organizationId],
    queryFn: ({ signal }) =>
      api.get<InitialSetupConfigurationResponse>(
        `/organizations/${organizationId}/initial_setup_configuration`,
        { signal },
      ),
    meta: silent,
  });

/** GET /organizations/{id}/print_request_configuration: the print and insert-brackets assignments a new case starts with. */
export const printRequestConfigurationQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['assignment-configuration', 'print-request', organizationId],
    queryFn: ({ signal }) =>
      api.get<PrintRequestConfigurationResponse>(
        `/organizations/${organizationId}/print_request_configuration`,
        { signal },
      ),
    meta: silent,
  });

/** GET /organizations/{id}/rx-form-pricing: the rush and root-integration prices (a refusal means no fees shown). */
export const pricingQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['rx-form-pricing', organizationId],
    queryFn: async ({ signal }) =>
      (await api.get<RxFormPricingResponse>(`/organizations/${organizationId}/rx-form-pricing`, { signal }))
        .pricing,
    retry: false,
    meta: silent,
  });

/** GET /organizations/{id}/form-builder: the organization's layout (or the default one). */
export const layoutQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['form-builder', 'organization', organizationId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ form_builder: FormBuilderLayout }>(`/organizations/${organizationId}/form-builder`, {
          signal,
        })
      ).form_builder,
    meta: silent,
  });

/** GET /organizations/{id}/list_assigned_locations: the locations the caller may choose. */
export const locationsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['case-entry', 'locations', organizationId],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ locations: OrganizationLocation[] }>(
          `/organizations/${organizationId}/list_assigned_locations`,
          { signal },
        )
      ).locations,
    meta: silent,
  });

export function useDoctors(organizationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['case-entry', 'doctors', organizationId],
    queryFn: ({ signal }) =>
      api.get<DoctorsResponse>(`/organizations/${organizationId}/doctors`, {
        signal,
        query: { per_page: 500 },
      }),
    enabled,
    meta: silent,
  });
}

export function useShippingMethods(locationId: number | null | undefined, assignment: number) {
  return useQuery({
    queryKey: ['case-entry', 'shipping-methods', locationId ?? null, assignment],
    queryFn: ({ signal }) =>
      api.get<ShippingMethodsResponse>('/shipping_methods', {
        signal,
        query: { locationId: locationId ?? undefined, assignment, availableOnly: 1, ...localNow() },
      }),
    enabled: Boolean(locationId) && assignment !== 2,
    meta: silent,
  });
}

export function useBracketLibraries(organizationId: number, userId: number | null | undefined) {
  return useQuery({
    queryKey: ['case-entry', 'bracket-libraries', organizationId, userId ?? null],
    queryFn: ({ signal }) =>
      api.get<BracketLibrariesResponse>(
        `/organizations/${organizationId}/users/${userId}/bracket-libraries`,
        {
          signal,
          query: { per_page: 500 },
        },
      ),
    enabled: Boolean(userId),
    meta: silent,
  });
}

export function useArchWires(organizationId: number, userId: number | null | undefined) {
  return useQuery({
    queryKey: ['case-entry', 'arch-wires', organizationId, userId ?? null],
    queryFn: ({ signal }) =>
      api.get<ArchWiresResponse>(`/organizations/${organizationId}/users/${userId}/arch-wires`, {
        signal,
        query: { per_page: 500 },
      }),
    enabled: Boolean(userId),
    meta: silent,
  });
}

export function useCustomBracketSets(
  organizationId: number,
  userId: number | null | undefined,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['case-entry', 'custom-bracket-sets', organizationId, userId ?? null],
    queryFn: ({ signal }) =>
      api.get<CustomBracketSetsResponse>(`/organizations/${organizationId}/custom-bracket-sets`, {
        signal,
        query: { assigned_to_user_id: userId ?? undefined, per_page: 500 },
      }),
    enabled: enabled && Boolean(userId),
    meta: silent,
  });
}

/** GET /organizations (management: choose the organization of the case). */
export function useOrganizationSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['case-entry', 'organizations', search],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ organizations: { data: OrganizationSummary[] } }>('/organizations', {
          signal,
          query: { searchString: search || undefined, perPage: 50 },
        })
      ).organizations.data,
    enabled,
    meta: silent,
  });
}

/** GET /misc/next-business-date: the minimum and maximum bonding dates. */
export function useBondingBounds(shippingMethod: number | null | undefined) {
  return useQuery({
    queryKey: ['case-entry', 'next-business-date', shippingMethod ?? null],
    queryFn: ({ signal }) =>
      api.get<NextBusinessDateResponse>('/misc/next-business-date', {
        signal,
        query: { ...localNow(), shipping_method: shippingMethod ? String(shippingMethod) : undefined },
      }),
    meta: silent,
  });
}

/** GET /misc/calendar-days for a month ('YYYY-MM'). */
export function useCalendarDays(yearMonth: string, enabled: boolean) {
  return useQuery({
    queryKey: ['case-entry', 'calendar-days', yearMonth],
    queryFn: ({ signal }) =>
      api.get<CalendarDaysResponse>('/misc/calendar-days', { signal, query: { year_month: yearMonth } }),
    enabled,
    staleTime: Infinity,
    meta: silent,
  });
}

/** GET /misc/is-valid-business-date (answers cached per date and shipping method). */
export function checkBusinessDate(
  queryClient: ReturnType<typeof useQueryClient>,
  date: string,
  shippingMethod: number | null | undefined,
): Promise<IsValidBusinessDateResponse> {
  return queryClient.fetchQuery({
    queryKey: ['case-entry', 'is-valid-business-date', date, shippingMethod ?? null],
    queryFn: ({ signal }) =>
      api.get<IsValidBusinessDateResponse>('/misc/is-valid-business-date', {
        signal,
        query: {
          business_date: date,
          ...localNow(),
          shipping_method: shippingMethod ? String(shippingMethod) : undefined,
        },
      }),
    staleTime: 5 * 60_000,
  });
}

/** GET /patients/check_similar_patient */
export function checkSimilarPatient(query: {
  first_name: string;
  last_name: string;
  case_number_text?: string;
  organization_id: number;
  user_id?: number;
}): Promise<CheckSimilarPatientResponse> {
  return api.get<CheckSimilarPatientResponse>('/patients/check_similar_patient', { query });
}

/** Case-entry upload before the patient exists: upload_link with the organization, then PUT. */
export async function uploadCaseFile(
  file: File,
  type: number,
  organizationId: number,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ file_path: string; name: string }> {
  const link = await api.get<UploadLinkResponse>('/patient_files/upload_link', {
    signal,
    query: { name: file.name, type, organization_id: organizationId, size: file.size },
  });
  await putFile(link, file, onProgress, signal);
  return { file_path: link.file_path, name: file.name };
}

export function useCreateRxForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRxFormRequest) => api.post<CreateRxFormResponse>('/rx-forms', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
    meta: silent,
  });
}

/** GET /rx-forms/{id} */
export const rxFormQuery = (id: number) =>
  queryOptions({
    queryKey: ['rx-form', id],
    queryFn: ({ signal }) => api.get<RxFormResponse>(`/rx-forms/${id}`, { signal }),
    meta: silent,
  });

export function useUpdateRxForm(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRxFormRequest) => api.patch<RxFormMessageResponse>(`/rx-forms/${id}`, body),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['rx-form', id] });
      if (result.rx_form.patient_id !== null)
        await queryClient.invalidateQueries({ queryKey: ['patient', result.rx_form.patient_id] });
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
    },
    meta: silent,
  });
}
