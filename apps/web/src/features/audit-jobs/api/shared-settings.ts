import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobSettingsRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

export const SHARED_SETTING_FILE = 'Audit_jobs_setting.json';

/** The shared Audit_jobs_setting.json. */
export function useSharedSettings(enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.sharedSettings(),
    queryFn: ({ signal }) =>
      api.call(jobSettingsRoutes.settingFile, { params: { id: SHARED_SETTING_FILE }, signal }),
    enabled,
  });
}

export function useSaveSharedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: string) =>
      api.call(jobSettingsRoutes.generateSettingFile, {
        body: {
          file_name: SHARED_SETTING_FILE,
          json_data: json,
          file_type: 'JSON',
          isUpdate: true,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.sharedSettings() }),
  });
}
