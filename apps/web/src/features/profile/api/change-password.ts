import { useMutation } from '@tanstack/react-query';
import { encodePassword, profileRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

export interface ChangePasswordInput {
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function changePassword(input: ChangePasswordInput) {
  return api.call(profileRoutes.changePassword, {
    body: {
      email: input.email,
      current_password: encodePassword(input.currentPassword),
      new_password: encodePassword(input.newPassword),
      confirm_password: encodePassword(input.confirmPassword),
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
