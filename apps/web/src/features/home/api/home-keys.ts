/** Query keys of the home board. */
export const homeKeys = {
  all: ['home'] as const,
  markdown: () => [...homeKeys.all, 'markdown'] as const,
  check: () => [...homeKeys.all, 'markdown-check'] as const,
  activeProjects: () => [...homeKeys.all, 'active-projects'] as const,
};
