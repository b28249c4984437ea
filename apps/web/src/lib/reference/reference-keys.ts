/** Query keys of the static reference lists (states, jurisdictions, countries). */
export const referenceKeys = {
  all: ['reference'] as const,
  jurisdictions: () => [...referenceKeys.all, 'jurisdictions'] as const,
  usStates: () => [...referenceKeys.all, 'us-states'] as const,
};
