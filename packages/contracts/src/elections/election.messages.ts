/** Answers of the election calls: toasts in the spec's wording, refusals where it has none. */
export const ELECTION_MESSAGES = {
  created: 'Election Created',
  updated: 'Election Updated',
  deleted: 'Election deleted',
  userCreated: 'User Created',
  userUpdated: 'User Updated',
  userDeleted: 'User deleted',
  // Decisions where the spec shows no wording (docs/decisions.md).
  auditorOnlyEdit: "Only the election's Auditor can edit it.",
  auditorOnlyDelete: "Only the election's Auditor can delete it.",
  auditorOnlyUsers: "Only the election's Auditor can manage its users.",
  notYourself: 'You cannot edit or remove your own membership.',
  alreadyMember: 'This person is already a member of this election.',
  pathTaken: 'An election with this path already exists.',
  districtMismatch: "must match the election's district.",
  locked: 'cannot be changed after the election is created.',
  idMismatch: 'id: Does not match the address of the call.',
  accountInactive: 'This account is inactive and cannot be invited.',
  hasFiles: 'This election still has files. Delete its files first.',
  projectNotEditable: 'project_ids: You can add an election only to a project you may edit.',
} as const;
