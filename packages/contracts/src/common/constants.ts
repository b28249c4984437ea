/** Application roles, spelled as the spec spells them. */
export const APP_ROLES = ['User', 'Admin', 'Client', 'Oberver', 'Sponsore'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** Roles a person may choose when signing up; Admin is granted, never chosen. */
export const SIGN_UP_ROLES = ['User', 'Client', 'Oberver', 'Sponsore'] as const;

export const MEMBER_ROLES = ['Auditor', 'Uploader', 'Observer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ELECTION_TYPES = [
  'General',
  'Primary',
  'Presidential Preference Primary',
  'Special',
  'Municipal',
] as const;
export const ELECTION_PRIVACY = ['Public', 'Open', 'Closed'] as const;
export const PROJECT_ACCESSIBILITY = ['Public', 'Private'] as const;

export const VERSION = { MAJOR_RELEASE: '0.1', MINOR_RELEASE: '6', LOGO: 'Scrutineer' } as const;

export const TIMINGS = {
  scrollResetMs: 200,
  outcomeRedirectMs: 2000,
  errorToastMs: 5000,
  markdownRefreshCheckMs: 4000,
  markdownLoadDelayMs: 10_000,
  chunkLoadTimeoutMs: 120_000,
  jobPagePollMs: 2000,
  restartButtonDisabledMs: 30_000,
} as const;

export const DRAWER_WIDTH = 260;
export const DONATION_PRESETS = [10, 25, 50, 100, 250, 500] as const;
export const CHEQUE_THRESHOLD = 1000;
