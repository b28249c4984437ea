import { useMutation } from '@tanstack/react-query';
import { encodePassword, profileRoutes } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export interface ChangePasswordInput {
  email: string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Changes the password; the server ends other sessions and hands this one a new session. */
export async function changePassword(input: ChangePasswordInput) {
  const answer = await api.call(profileRoutes.changePassword, {
    body: {
      email: input.email,
      current_password: encodePassword(input.currentPassword),
      new_password: encodePassword(input.newPassword),
      confirm_password: encodePassword(input.confirmPassword),
    },
  });
  setSession(answer.session);
  return answer;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
