import { UPLOAD_MESSAGES } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import { checkZipCentralDirectory } from '../../platform/storage/zip-check.js';
import type { Owner } from './uploads.owner.js';
import {
  findUpload,
  insertUpload,
  listUploads,
  type UploadWithUploader,
} from './uploads.repository.js';

/** Zip files already uploaded to the owner (direct or through links) that are not sets. */
export async function listAdoptable(deps: AppDeps, owner: Owner) {
  const rows = await listUploads(deps.database.db, { owner, kinds: ['direct', 'requested'] });
  return rows
    .filter(
      (r) => r.upload.status === 'Success' && r.upload.fileName.toLowerCase().endsWith('.zip'),
    )
    .map((r) => ({ id: r.upload.id, file_name: r.upload.fileName, size: r.upload.size ?? 0 }));
}

/** Makes an Adopted set of each named file; the set shares the stored bytes. */
export async function adoptFiles(
  deps: AppDeps,
  owner: Owner,
  body: { file_name: string; file_type: string; description: string },
  actorId: number,
): Promise<UploadWithUploader[]> {
  const names = body.file_name
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const rows = await listUploads(deps.database.db, { owner, kinds: ['direct', 'requested'] });
  const chosen = names.map((name) =>
    rows.find((r) => r.upload.fileName === name && r.upload.status === 'Success'),
  );
  const files = chosen.filter((r): r is UploadWithUploader => r !== undefined);
  if (files.length !== names.length || files.length === 0)
    throw badRequest(UPLOAD_MESSAGES.nothingToAdopt);
  for (const { upload } of files) {
    const reason = upload.fileName.toLowerCase().endsWith('.zip')
      ? await checkZipCentralDirectory(deps.blobs, upload.storageKey, upload.size ?? 0)
      : UPLOAD_MESSAGES.zipOnly;
    if (reason) throw badRequest(`${upload.fileName}: ${reason}`);
  }
  const ids = await deps.database.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const { upload } of files) {
      const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = upload;
      const row = await insertUpload(tx, {
        ...copy,
        kind: 'set',
        status: 'Adopted',
        fileType: body.file_type,
        description: body.description,
        requestId: null,
        uploadedBy: actorId,
      });
      await recordEvent(tx, {
        actorId,
        subjectType: 'upload',
        subjectId: row.id,
        action: 'adopt',
        data: { from: upload.id },
      });
      created.push(row.id);
    }
    return created;
  });
  const adopted = await Promise.all(ids.map((id) => findUpload(deps.database.db, id)));
  return adopted.filter((r): r is UploadWithUploader => r !== null);
}
