import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  jobFilesUploadedSchema,
  jobSettingsBodySchema,
  jobSettingsRoutes,
  type JobSettings,
} from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { fetchFile, postMultipart, saveBlob } from '../../../lib/api-files';
import { jobKeys } from './job-keys';

export type SettingsInput = z.input<typeof jobSettingsBodySchema>;

export function useJobFiles(jobId: number, search: string, enabled = true) {
  return useQuery({
    queryKey: jobKeys.fileList(jobId, search),
    queryFn: ({ signal }) =>
      api.call(jobSettingsRoutes.list, {
        params: { jobId },
        query: { search: search || undefined },
        signal,
      }),
    enabled,
  });
}

export function useArgSpecs() {
  return useQuery({
    queryKey: jobKeys.argSpecs(),
    queryFn: ({ signal }) => api.call(jobSettingsRoutes.argSpecs, { query: {}, signal }),
    staleTime: 60_000,
  });
}

/** A settings file's groups, for the adopted job-setting dialog. */
export function useSettingsFile(jobId: number, fileName: string | null) {
  return useQuery({
    queryKey: jobKeys.settingsFile(jobId, fileName ?? ''),
    queryFn: ({ signal }) =>
      api.call(jobSettingsRoutes.adoptedFile, {
        params: { jobId, fileName: fileName ?? '' },
        signal,
      }),
    enabled: fileName !== null,
    retry: false,
  });
}

function useFilesMutation<I, O>(jobId: number, mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.files(jobId) }),
  });
}

/** Writes settings as the JOB file: new (POST) or an update of an existing file (PUT). */
export function useSaveSettings(jobId: number) {
  return useFilesMutation(jobId, ({ update, ...body }: SettingsInput & { update: boolean }) =>
    api.call(update ? jobSettingsRoutes.update : jobSettingsRoutes.create, {
      params: { jobId },
      body: { ...body, job_id: jobId, file_type: 'JOB', is_update: update },
    }),
  );
}

export function useDeleteJobFile(jobId: number) {
  return useFilesMutation(jobId, (fileName: string) =>
    api.call(jobSettingsRoutes.remove, { params: { jobId, fileName } }),
  );
}

/** Writes the job's JSON file: generated from the adopted files, or the edited JSON. */
export function useGenerateFile(jobId: number) {
  return useFilesMutation(jobId, (input: { json?: string; isUpdate: boolean }) =>
    api.call(jobSettingsRoutes.generateFile, {
      body: { job_id: jobId, file_type: 'JSON', isUpdate: input.isUpdate, json_data: input.json },
    }),
  );
}

export function useVendorTemplate(jobId: number) {
  return useFilesMutation(jobId, (input: { vendor: string; isUpdate: boolean }) =>
    api.call(jobSettingsRoutes.vendorTemplate, { body: { job_id: jobId, ...input } }),
  );
}

/** Uploads one job file of a type (multipart, as the spec's upload dialog sends it). */
export function useUploadJobFile(jobId: number) {
  return useFilesMutation(jobId, async (input: { file: File; fileType: string }) => {
    const form = new FormData();
    form.append('job_id', String(jobId));
    form.append('file_type', input.fileType);
    form.append('file', input.file, input.file.name);
    return jobFilesUploadedSchema.parse(await postMultipart('/job-settings/upload', form));
  });
}

export async function downloadJobFile(url: string, fileName: string) {
  saveBlob(await fetchFile(url), fileName);
}

export async function readJsonFile(url: string): Promise<string> {
  return (await fetchFile(url)).text();
}

export type { JobSettings };
