import { useMutation, useQueryClient } from '@tanstack/react-query';
import { districtContactRoutes, type RouteBody } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { districtKeys } from './district-keys';

export type ContactInput = RouteBody<typeof districtContactRoutes.create>;

/** Creates a contact, or updates it when it has an id (spec part 2, section 4). */
export function saveContact(districtId: number, body: ContactInput) {
  return body.id
    ? api.call(districtContactRoutes.update, { params: { districtId, id: body.id }, body })
    : api.call(districtContactRoutes.create, { params: { districtId }, body });
}

export function useSaveContact(districtId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactInput) => saveContact(districtId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: districtKeys.contacts(districtId) }),
        queryClient.invalidateQueries({ queryKey: districtKeys.detail(districtId) }),
        queryClient.invalidateQueries({ queryKey: districtKeys.lists() }),
      ]),
  });
}
