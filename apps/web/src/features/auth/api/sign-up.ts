import { useMutation } from '@tanstack/react-query';
import { authRoutes, encodePassword } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';

export interface SignUpInput {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password: string;
}

export function signUp({ password, ...fields }: SignUpInput) {
  return api.call(authRoutes.signUp, {
    body: {
      ...fields,
      password: encodePassword(password),
      role: 'User',
      signup_date: new Date().toISOString(),
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
