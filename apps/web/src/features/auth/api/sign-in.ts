import { useMutation } from '@tanstack/react-query';
import { authRoutes, encodePassword, type Session } from '@scrutineer/contracts';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export interface SignInInput {
  email: string;
  password: string;
}

/** Signs in with the plain password (sent base64-encoded) and stores the session. */
export async function signIn({ email, password }: SignInInput): Promise<Session> {
  const session = await api.call(authRoutes.signIn, {
    body: { email: email.trim(), password: encodePassword(password) },
  });
  setSession(session);
  return session;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
