import type { z } from 'zod';
import type { uploadProgressSchema } from '@scrutineer/contracts';
import type { PartPlan } from './part-plan';

export type UploadProgress = z.infer<typeof uploadProgressSchema>;

/** What identifies a chosen file across page loads: name, size and modification time. */
export interface FileIdentity {
  name: string;
  size: number;
  lastModified: number;
}

export interface ResumeRecord {
  id: number;
  /** A general upload's own token, needed to finish it. */
  token?: string;
  /** When the upload first started, shown as its start time when it resumes. */
  startedAt?: number;
  savedAt: number;
}

const PREFIX = 'scrutineer.uploads.';
/** Older records are dropped: the server sweeps idle uploads after 72 hours. */
const MAX_AGE_MS = 72 * 3600 * 1000;

export const fingerprint = (file: FileIdentity) =>
  `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * Where an upload's id is kept, per target (an election's direct uploads, a link…), so that
 * choosing the same file again after a reload or a lost connection continues that upload.
 */
export class ResumeStore {
  constructor(
    private readonly scope: string,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage(),
  ) {}

  #read(): Record<string, ResumeRecord> {
    try {
      const raw = this.storage?.getItem(PREFIX + this.scope);
      return raw ? (JSON.parse(raw) as Record<string, ResumeRecord>) : {};
    } catch {
      return {};
    }
  }

  #write(records: Record<string, ResumeRecord>): void {
    try {
      this.storage?.setItem(PREFIX + this.scope, JSON.stringify(records));
    } catch {
      // A full or disabled storage only costs the ability to resume.
    }
  }

  find(file: FileIdentity, now = Date.now()): ResumeRecord | null {
    const record = this.#read()[fingerprint(file)];
    return record && now - record.savedAt < MAX_AGE_MS ? record : null;
  }

  save(file: FileIdentity, record: Omit<ResumeRecord, 'savedAt'>, now = Date.now()): void {
    const key = fingerprint(file);
    const kept = Object.entries(this.#read()).filter(
      ([other, value]) => other !== key && now - value.savedAt < MAX_AGE_MS,
    );
    this.#write(Object.fromEntries([...kept, [key, { ...record, savedAt: now }]]));
  }

  forget(file: FileIdentity): void {
    const key = fingerprint(file);
    const records = this.#read();
    if (!(key in records)) return;
    this.#write(Object.fromEntries(Object.entries(records).filter(([other]) => other !== key)));
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether a server upload can carry on with this file: still Uploading, same size, cut into
 * the same parts. Anything else starts a new upload.
 */
export function canResume(progress: UploadProgress, fileSize: number, plan: PartPlan): boolean {
  return (
    progress.status === 'Uploading' &&
    progress.file_size === fileSize &&
    progress.chunk_count === plan.count &&
    (plan.count === 1 || progress.chunk_size === plan.size)
  );
}

/** The server's acknowledged parts as the uploader lists them, and the URLs of the others. */
export function resumeParts(progress: UploadProgress) {
  return {
    parts: progress.parts.map(({ PartNumber, ETag, Size }) => ({ PartNumber, ETag, Size })),
    urls: new Map(progress.urls.map(({ PartNumber, url }) => [PartNumber, url])),
  };
}
