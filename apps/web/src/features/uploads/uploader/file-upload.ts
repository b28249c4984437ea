import AwsS3, { type AwsS3Part } from '@uppy/aws-s3';
import Uppy, { type Body, type Meta, type UppyFile } from '@uppy/core';
import type { UploadPart } from '@scrutineer/contracts';
import { planParts, type PartPlan } from './part-plan';
import { percentOf, SpeedMeter } from './progress-format';
import { canResume, ResumeStore, resumeParts, type UploadProgress } from './resume';
import type { UploadTarget } from './upload-target';
import { uploadErrorMessage } from './upload-errors';

export type RowStatus = 'Ready' | 'Uploading' | 'Success' | 'Failed' | 'Canceled';

export interface UploadSnapshot {
  status: RowStatus;
  bytesSent: number;
  bytesTotal: number;
  percent: number;
  speedMbps: number | null;
  startedAt: number | null;
  completedAt: number | null;
  error: string | null;
  /** Parts the server already had when this attempt began (a resumed upload). */
  resumedParts: number;
}

/** Signed part URLs last 6 hours; older ones are renewed before a part is sent. */
const URL_MAX_AGE_MS = 3 * 3600 * 1000;

let instances = 0;

/**
 * One file's upload: Uppy's S3 multipart uploader (parallel parts, a retry per part) wired to
 * our API. The upload's id is remembered per file, so starting again — after a failure, a
 * reload or a lost connection — continues from the parts the server acknowledged.
 */
export class FileUpload {
  readonly key = `upload-${++instances}`;
  #snapshot: UploadSnapshot;
  #listeners = new Set<() => void>();
  #store: ResumeStore;
  #uppy: Uppy<Meta, Body> | null = null;
  #upload: { id: number; token?: string } | null = null;
  #urls = new Map<number, string>();
  #urlsAt = 0;
  #pendingProgress: UploadProgress | null = null;
  #cancelling = false;
  #meter = new SpeedMeter();
  #resumedBytes = 0;
  /** When this attempt began: the speed is over this attempt's bytes, the start shown is the first. */
  #attemptStartedAt = 0;
  #firstStartedAt: number | null = null;

  constructor(
    readonly file: File,
    private readonly target: UploadTarget,
  ) {
    this.#store = new ResumeStore(target.scope);
    this.#snapshot = {
      status: 'Ready',
      bytesSent: 0,
      bytesTotal: file.size,
      percent: 0,
      speedMbps: null,
      startedAt: null,
      completedAt: null,
      error: null,
      resumedParts: 0,
    };
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = () => this.#snapshot;

  /** The server's id of this upload once it exists. */
  get uploadId(): number | null {
    return this.#upload?.id ?? null;
  }

  #set(change: Partial<UploadSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) listener();
  }

  /** Starts, retries or resumes; resolves when the attempt ends (Success, Failed or Canceled). */
  async start(): Promise<RowStatus> {
    const { status } = this.#snapshot;
    if (status === 'Uploading' || status === 'Success') return status;
    this.dispose();
    this.#cancelling = false;
    this.#meter = new SpeedMeter();
    this.#resumedBytes = 0;
    this.#attemptStartedAt = Date.now();
    this.#set({
      status: 'Uploading',
      startedAt: this.#attemptStartedAt,
      completedAt: null,
      error: null,
      speedMbps: null,
      bytesSent: 0,
      percent: 0,
      resumedParts: 0,
    });
    const plan = planParts(this.file.size);
    let resumable: boolean;
    try {
      resumable = await this.#findResumable(plan);
    } catch (error) {
      return this.#fail(error);
    }
    if (this.#cancelling) {
      await this.#stopOnServer();
      return 'Canceled';
    }
    return this.#run(plan, resumable);
  }

  /** Stops sending; the server releases the parts and the upload ends Canceled (or Aborted). */
  cancel(): void {
    if (this.#snapshot.status !== 'Uploading') return;
    this.#cancelling = true;
    this.#set({ status: 'Canceled', completedAt: Date.now(), speedMbps: null });
    // Before Uppy runs, start() sees the flag and ends the server upload itself.
    this.#uppy?.cancelAll();
  }

  /** Forgets the Uppy instance; an unfinished upload stays resumable on the server. */
  dispose(): void {
    this.#uppy?.destroy();
    this.#uppy = null;
  }

  async #findResumable(plan: PartPlan): Promise<boolean> {
    const saved = this.#upload ? null : this.#store.find(this.file);
    const record = this.#upload ?? saved;
    if (!record || !this.target.parts) {
      // An upload that cannot resume is ended, so the server releases its parts now.
      if (record) await this.target.stop(record, 'Failed').catch(() => undefined);
      this.#upload = null;
      return false;
    }
    let progress: UploadProgress | null = null;
    try {
      progress = await this.target.parts(record);
    } catch {
      // Gone or refused: start over.
    }
    if (!progress || !canResume(progress, this.file.size, plan)) {
      this.#store.forget(this.file);
      this.#upload = null;
      return false;
    }
    this.#upload = { id: record.id, ...(record.token ? { token: record.token } : {}) };
    this.#firstStartedAt ??= saved?.startedAt ?? null;
    if (this.#firstStartedAt) this.#set({ startedAt: this.#firstStartedAt });
    this.#pendingProgress = progress;
    return true;
  }

  #run(plan: PartPlan, resumable: boolean): Promise<RowStatus> {
    const uppy = new Uppy<Meta, Body>({ id: this.key, autoProceed: false });
    this.#uppy = uppy;
    uppy.use(AwsS3<Meta, Body>, {
      shouldUseMultipart: true,
      limit: plan.inFlight,
      getChunkSize: () => plan.size,
      createMultipartUpload: async () => {
        const started = await this.target.create(this.file, plan);
        this.#upload = { id: started.id, ...(started.token ? { token: started.token } : {}) };
        this.#urls = new Map(started.urls.map((url, index) => [index + 1, url]));
        this.#urlsAt = Date.now();
        this.#firstStartedAt = this.#attemptStartedAt;
        if (this.target.parts) {
          this.#store.save(this.file, { ...this.#upload, startedAt: this.#attemptStartedAt });
        }
        return { uploadId: String(started.id), key: String(started.id) };
      },
      listParts: async () => {
        const progress = this.#pendingProgress ?? (await this.#progress());
        this.#pendingProgress = null;
        const { parts, urls } = resumeParts(progress);
        this.#urls = urls;
        this.#urlsAt = Date.now();
        this.#resumedBytes = parts.reduce((sum, part) => sum + part.Size, 0);
        this.#set({ resumedParts: parts.length });
        return parts;
      },
      signPart: async (_file, { partNumber }) => {
        if (!this.#urls.has(partNumber) || Date.now() - this.#urlsAt > URL_MAX_AGE_MS) {
          this.#urls = resumeParts(await this.#progress()).urls;
          this.#urlsAt = Date.now();
        }
        const url = this.#urls.get(partNumber);
        if (!url) throw new Error(`No address for part ${partNumber}.`);
        return { method: 'PUT', url };
      },
      completeMultipartUpload: async (_file, { parts }) => {
        if (!this.#upload) throw new Error('The upload was not started.');
        await this.target.complete(this.#upload, toUploadParts(parts));
        this.#store.forget(this.file);
        return {};
      },
      abortMultipartUpload: async () => {
        // Uppy also aborts after a failed part; only the user's cancel ends the server upload.
        if (this.#cancelling) await this.#stopOnServer();
      },
    });
    return new Promise<RowStatus>((resolve) => {
      uppy.on('upload-progress', (_file, progress) => {
        const sent = progress.bytesUploaded;
        const total = progress.bytesTotal ?? this.file.size;
        const speedMbps = this.#meter.sample(sent, performance.now());
        this.#set({
          bytesSent: sent,
          bytesTotal: total,
          percent: percentOf(sent, total),
          speedMbps,
        });
      });
      uppy.on('upload-success', () => {
        const completedAt = Date.now();
        this.#set({
          status: 'Success',
          bytesSent: this.file.size,
          percent: 100,
          completedAt,
          speedMbps: averageMbps(
            this.file.size - this.#resumedBytes,
            completedAt - this.#attemptStartedAt,
          ),
        });
        resolve('Success');
      });
      uppy.on('upload-error', (_file, error) => {
        if (this.#cancelling) return;
        resolve(this.#fail(error));
      });
      uppy.on('cancel-all', () => resolve('Canceled'));
      const fileId = uppy.addFile({
        name: this.file.name,
        type: this.file.type || 'application/octet-stream',
        data: this.file,
        source: 'Local',
      });
      if (resumable && this.#upload) {
        const id = String(this.#upload.id);
        // Uppy resumes a file that carries its multipart state: it lists the parts first.
        const resume = { s3Multipart: { uploadId: id, key: id } };
        uppy.setFileState(fileId, resume as Partial<UppyFile<Meta, Body>>);
      }
      uppy.upload().catch((error: unknown) => {
        if (!this.#cancelling) resolve(this.#fail(error));
      });
    });
  }

  async #progress(): Promise<UploadProgress> {
    if (!this.#upload || !this.target.parts) throw new Error('This upload cannot be resumed.');
    return this.target.parts(this.#upload);
  }

  async #stopOnServer() {
    const upload = this.#upload;
    this.#store.forget(this.file);
    this.#upload = null;
    if (!upload) return;
    try {
      await this.target.stop(upload, this.target.cancelStatus);
    } catch {
      // Already ended on the server (or unreachable: the sweep releases it later).
    }
  }

  #fail(error: unknown): RowStatus {
    if (this.#snapshot.status !== 'Uploading') return this.#snapshot.status;
    this.#set({
      status: 'Failed',
      completedAt: Date.now(),
      speedMbps: null,
      error: uploadErrorMessage(error),
    });
    return 'Failed';
  }
}

/** The speed of a whole attempt, shown once it is done; null when too short to measure. */
function averageMbps(bytes: number, ms: number): number | null {
  return ms > 5 ? (bytes * 8) / (ms / 1000) / 1_000_000 : null;
}

function toUploadParts(parts: AwsS3Part[]): UploadPart[] {
  return parts
    .filter((part): part is UploadPart => Boolean(part.PartNumber && part.ETag))
    .map(({ PartNumber, ETag }) => ({ PartNumber, ETag }))
    .sort((a, b) => a.PartNumber - b.PartNumber);
}
