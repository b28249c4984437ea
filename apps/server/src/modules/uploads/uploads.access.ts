import type { AppDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { UPLOAD_MESSAGES } from '@scrutineer/contracts';
import type { UserRow } from '../users/index.js';
import { loadOwner, ownerRefOf, type Owner } from './uploads.owner.js';
import { canUpload } from './uploads.policy.js';
import { findUpload, type UploadKind, type UploadWithUploader } from './uploads.repository.js';

/**
 * Loads a file through its election or district: a file of another kind, or of an owner the
 * caller may not see, is 404; an Observer is refused changes (403).
 */
export async function loadUploadFor(
  deps: AppDeps,
  user: UserRow,
  id: number,
  kinds: UploadKind[],
  ownerType: Owner['type'],
): Promise<{ file: UploadWithUploader; owner: Owner }> {
  const file = await findUpload(deps.database.db, id);
  const ref = file && ownerRefOf(file.upload);
  if (!file || !ref || ref.type !== ownerType || !kinds.includes(file.upload.kind as UploadKind)) {
    throw notFound();
  }
  const owner = await loadOwner(deps.database.db, user, ref);
  if (!canUpload(owner.role)) throw forbidden(UPLOAD_MESSAGES.uploadersOnly);
  return { file, owner };
}
