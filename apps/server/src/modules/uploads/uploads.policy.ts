import type { Can, MemberRole } from '@scrutineer/contracts';

/** Auditor and Uploader handle files and upload requests; Observer only looks. */
export const canUpload = (role: MemberRole): boolean => role === 'Auditor' || role === 'Uploader';

export const uploadCan = (role: MemberRole | null, status: string): Can => {
  const allowed = role !== null && canUpload(role);
  return { update: allowed, delete: allowed && status !== 'Uploading' };
};
