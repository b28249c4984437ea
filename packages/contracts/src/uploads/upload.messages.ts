/** Answers of the upload calls: toasts in the spec's wording, refusals where it has none. */
export const UPLOAD_MESSAGES = {
  uploaded: 'File upload successfully',
  deleted: 'Delete file successfully',
  requestSent: 'Upload request sent',
  requestUpdated: 'Upload request updated',
  requestDeleted: 'Upload request deleted',
  emailRequired: 'Email Address is required',
  // Decisions where the spec shows no wording (docs/decisions.md).
  uploadersOnly: 'Only Auditors and Uploaders can upload or manage files here.',
  zipOnly: 'Election file sets accept zip files only.',
  stillUploading: 'A file cannot be deleted while it is uploading.',
  notUploading: 'This upload is no longer in progress.',
  partsMismatch: 'The uploaded parts do not match the file.',
  sizeMismatch: 'The stored file size does not match the declared size.',
  chunkPlan: 'chunk_count must be file_size divided by chunk_size, rounded up.',
  chunkSize: 'chunk_size must be between 5 MiB and 4 GiB.',
  tooManyParts: 'A file can have at most 10,000 parts.',
  linkInvalid: 'This upload link is not valid.',
  linkExpired: 'This upload link has expired.',
  generalLinkInvalid:
    'This general upload link is not valid or has expired. Ask an Admin for a new link.',
  generalTooManyOpen:
    'This address has too many unfinished general uploads. Finish or cancel one, then try again.',
  ownerRequired: 'election_id: Required.',
  nothingToAdopt: 'file_name: No adoptable file has this name.',
  emailInvalid: 'email: Email must be a valid email address.',
  tooManyRequestMails: 'Too many upload request emails. Please try again later.',

  validThroughPast: 'Valid Through cannot be in the past.',
  validThroughMissing: 'Choose a Valid Through date.',
} as const;

/** Colours of the spec: Uploaded and Adopted green, Aborted orange, everything else blue. */
export function uploadSetStatusColor(status: string): 'green' | 'orange' | 'blue' {
  if (status === 'Uploaded' || status === 'Adopted') return 'green';
  return status === 'Aborted' ? 'orange' : 'blue';
}

/** Success green; Error and Failed red; everything else orange. */
export function directUploadStatusColor(status: string): 'green' | 'red' | 'orange' {
  if (status === 'Success') return 'green';
  return status === 'Error' || status === 'Failed' ? 'red' : 'orange';
}
