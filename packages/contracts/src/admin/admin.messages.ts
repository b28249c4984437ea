/** Messages of the admin area: the spec's wording where it has one, else docs/decisions.md. */
export const ADMIN_MESSAGES = {
  userUpdated: 'User Updated Successfully',
  permissionUpdated: 'Permission Updated Successfully',
  userActivated: 'User Activated Successfully',
  userDeactivated: 'User Deactivated Successfully',
  userDeleted: 'User Deleted Successfully',
  ownAccount: 'You cannot deactivate or delete your own account.',
  deleteActiveUser: 'Only an inactive user can be deleted permanently.',
  alreadyActive: 'This user is already active.',
  alreadyInactive: 'This user is already inactive.',
  usState: 'State must be a US state code.',
  country: 'Country must be a two-letter country code.',
  markdownRequired: 'Markdown File Required',
  markdownUpdated: 'Markdown update success',
  markdownUploaded: 'File upload successfully',
  markdownDeleted: 'Delete file successfully',
  fileTypeExists: 'The type of file already exist. Please try again after deleting the file.',
  markdownOnly: 'Only .md files can be uploaded.',
  markdownTooLarge: 'A markdown file can be at most 5 MB.',
  markdownTooMany: 'At most 4 files can be uploaded at once.',
  markdownNoFile: 'Choose a markdown file to upload.',
  markdownNotText: 'A markdown file must be UTF-8 text.',
  restarting: 'Restarting RDS',
} as const;

/** The markdown upload's limits (spec part 3 §5 and §9). */
export const MARKDOWN_LIMITS = {
  extension: '.md',
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 4,
  /** The file type the upload form sends; the Home board shows the file of this type. */
  homeFileType: 'MarkDown',
} as const;
