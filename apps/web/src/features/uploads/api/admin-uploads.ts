import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generalUploadRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { FRESH, uploadKeys } from './upload-keys';

/** General uploads (the Admin's General Upload table). */
export const useGeneralUploads = () =>
  useQuery({
    queryKey: uploadKeys.general(),
    staleTime: FRESH,
    queryFn: ({ signal }) => api.call(generalUploadRoutes.list, { signal }),
  });

export function useDeleteGeneralUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(generalUploadRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: uploadKeys.general() }),
  });
}

/** The general upload page's address with a fresh token, for the Admin to share. */
export const fetchGeneralUploadLink = () => api.call(generalUploadRoutes.link);
