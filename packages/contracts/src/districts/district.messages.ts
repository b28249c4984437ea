/** Answers of the district calls: toasts in the spec's wording, refusals where it has none. */
export const DISTRICT_MESSAGES = {
  created: 'District Created',
  updated: 'District Updated',
  deleted: 'District deleted',
  contactCreated: 'District contact Created',
  contactUpdated: 'District contact Updated',
  contactDeleted: 'District contact deleted',
  // Decisions where the spec shows no wording (docs/decisions.md).
  userCannotCreate: 'Users with the User role cannot create districts. Please contact Admin.',
  auditorOnlyEdit: "Only the district's Auditor can edit it.",
  auditorOnlyDelete: "Only the district's Auditor can delete it.",
  auditorOnlyContacts: "Only the district's Auditor can change its contacts.",
  auditorOnlyElections: "Only the district's Auditor can add elections to it.",
  hasElections: 'This district still has elections. Delete or move its elections first.',
  nameTaken: 'A district with this name already exists.',
  unknownCountry: 'Unknown country code.',
  unknownState: 'Unknown US state.',
  unknownJurisdiction: 'Not a county or county-equivalent of this state.',
  locked: 'cannot be changed after the district is created.',
  idMismatch: 'id: Does not match the address of the call.',
} as const;
