import { useQuery } from '@tanstack/react-query';
import { jobSettingsRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { extraFileTypes } from '../uploader/extra-file-types';
import { uploadKeys } from './upload-keys';

/** Extra file types for the adopt dialog; none when the specs cannot be read. */
export const useExtraFileTypes = () =>
  useQuery({
    queryKey: [...uploadKeys.all, 'file-types'],
    queryFn: ({ signal }) => api.call(jobSettingsRoutes.argSpecs, { query: {}, signal }),
    select: extraFileTypes,
    staleTime: 5 * 60_000,
  });
