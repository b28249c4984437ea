import { useMutation } from '@tanstack/react-query';
import { authRoutes, encodePassword } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

export interface SetNewPasswordInput {
  newPassword: string;
  confirmPassword: string;
  forgotKey: string;
  userId: string;
}

export function setNewPassword(input: SetNewPasswordInput) {
  return api.call(authRoutes.newPassword, {
    body: {
      new_password: encodePassword(input.newPassword),
      confirm_password: encodePassword(input.confirmPassword),
      forgot_key: input.forgotKey,
      user_id: input.userId,
    },
  });
}

export function useSetNewPassword() {
  return useMutation({ mutationFn: setNewPassword });
}
