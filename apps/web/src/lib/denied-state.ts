/** Router state carried to /home when a guard refuses a page, so Home can say why. */
export interface DeniedState {
  denied: true;
}

export const DENIED_STATE: DeniedState = { denied: true };

export function isDeniedState(state: unknown): state is DeniedState {
  return typeof state === 'object' && state !== null && 'denied' in state && state.denied === true;
}
