import type {
  AutoUpdateResponse,
  InstallerDownloadLinkResponse,
  InstallerResponse,
  ListInstallersResponse,
  MachineLearningFileResponse,
  MachineLearningFile,
} from '@archline/contracts/installers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE, ApiError, joinMessages } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session-store.ts';
import { DEFAULT_ERROR_MESSAGE } from '@archline/contracts/http-messages';

/** Query keys of the installers feature: invalidating INSTALLERS_KEY refreshes every installers query. */
export const INSTALLERS_KEY = ['installers'] as const;

/** null: the installers for everyone (Settings); a number: one organization's. */
export type InstallerScope = number | null;

export const scopePath = (scope: InstallerScope) =>
  scope === null ? '/installers' : `/organizations/${scope}/installers`;

/** GET /installers (or the organization's): a page, newest version first. */
export function useInstallers(scope: InstallerScope, page: number, perPage: number) {
  return useQuery({
    queryKey: [...INSTALLERS_KEY, 'list', scope, page, perPage],
    queryFn: ({ signal }) =>
      api.get<ListInstallersResponse>(scopePath(scope), { signal, query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /installers/available: the account page's list (stable installers the user may download). */
export function useAvailableInstallers(page: number, perPage: number) {
  return useQuery({
    queryKey: [...INSTALLERS_KEY, 'available', page, perPage],
    queryFn: ({ signal }) =>
      api.get<ListInstallersResponse>('/installers/available', { signal, query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /installers/{id}/download_link, then hands the signed address to the browser to save. */
export async function downloadInstaller(id: number): Promise<void> {
  const { url } = await api.get<InstallerDownloadLinkResponse>(`/installers/${id}/download_link`);
  startDownload(url);
}

function startDownload(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * A multipart POST with upload progress (XMLHttpRequest: its upload events drive the bar) and no
 * timeout: installers are large and may take long on a slow line.
 */
export function uploadMultipart<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.timeout = 0;
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      type Body = { message?: unknown; errors?: Record<string, string[]> } | null;
      let body: Body = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as Body) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const errors = body?.errors ?? {};
      reject(new ApiError(joinMessages(body?.message) || DEFAULT_ERROR_MESSAGE, xhr.status, errors));
    };
    xhr.onerror = () => reject(new ApiError(DEFAULT_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new ApiError(DEFAULT_ERROR_MESSAGE, 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function useInvalidateInstallers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: INSTALLERS_KEY });
}

export function useToggleUnstable() {
  const invalidate = useInvalidateInstallers();
  return useMutation({
    mutationFn: (id: number) => api.put<InstallerResponse>(`/installers/${id}/toggle-unstable`),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateReleaseNotes() {
  const invalidate = useInvalidateInstallers();
  return useMutation({
    mutationFn: (v: { id: number; release_notes: string }) =>
      api.put<InstallerResponse>(`/installers/${v.id}/update_release_notes`, {
        release_notes: v.release_notes,
      }),
    onSuccess: () => invalidate(),
  });
}

export function useBumpVersion() {
  const invalidate = useInvalidateInstallers();
  return useMutation({
    mutationFn: (id: number) => api.post<InstallerResponse>(`/installers/${id}/bump_version`),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteInstaller() {
  const invalidate = useInvalidateInstallers();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/installers/${id}`),
    onSuccess: () => invalidate(),
  });
}

export function useAutoUpdate(scope: InstallerScope) {
  return useQuery({
    queryKey: [...INSTALLERS_KEY, 'auto-update', scope],
    queryFn: ({ signal }) => api.get<AutoUpdateResponse>(`${scopePath(scope)}/auto-update`, { signal }),
  });
}

export function useSetAutoUpdate(scope: InstallerScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (autoUpdate: boolean) =>
      api.put<{ message: string; auto_update: boolean }>(`${scopePath(scope)}/auto-update`, {
        auto_update: autoUpdate,
      }),
    onSuccess: (data) =>
      client.setQueryData<AutoUpdateResponse>([...INSTALLERS_KEY, 'auto-update', scope], {
        auto_update: data.auto_update,
      }),
  });
}

export function useMachineLearningFile(scope: InstallerScope) {
  return useQuery({
    queryKey: [...INSTALLERS_KEY, 'machine-learning-file', scope],
    queryFn: ({ signal }) =>
      api.get<MachineLearningFileResponse>(`${scopePath(scope)}/machine-learning-file`, { signal }),
  });
}

export type { MachineLearningFile };

export async function downloadMachineLearningFile(scope: InstallerScope): Promise<void> {
  const { url } = await api.get<InstallerDownloadLinkResponse>(
    `${scopePath(scope)}/machine-learning-file/download_link`,
  );
  startDownload(url);
}
