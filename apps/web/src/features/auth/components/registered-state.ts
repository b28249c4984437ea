/** Router state from sign-up to /session/registered, so "resend" knows the address. */
export interface RegisteredState {
  email: string;
}

export function readRegisteredEmail(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    return typeof state.email === 'string' ? state.email : '';
  }
  return '';
}
