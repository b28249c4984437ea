import { fingerprint } from './resume';
import { FileUpload, type RowStatus } from './file-upload';
import type { UploadTarget } from './upload-target';

export type SettledListener = (row: FileUpload, status: RowStatus) => void;

/**
 * The files chosen in one Upload Files dialog and their uploads. It outlives the dialog (Hide
 * keeps uploads going) and the tab, for as long as the page is open.
 */
export class UploadQueue {
  #rows: readonly FileUpload[] = [];
  #listeners = new Set<() => void>();
  #settled = new Set<SettledListener>();

  constructor(private readonly target: UploadTarget) {}

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  getSnapshot = () => this.#rows;

  onSettled(listener: SettledListener) {
    this.#settled.add(listener);
    return () => {
      this.#settled.delete(listener);
    };
  }

  #emit() {
    for (const listener of this.#listeners) listener();
  }

  /** Adds chosen files; a file already in the list is not added twice. */
  add(files: readonly File[]) {
    const present = new Set(this.#rows.map((row) => fingerprint(row.file)));
    const added = files
      .filter((file) => !present.has(fingerprint(file)))
      .map((file) => new FileUpload(file, this.target));
    if (added.length === 0) return;
    this.#rows = [...this.#rows, ...added];
    this.#emit();
  }

  /** Removes a row that is not uploading (spec: Remove is hidden while a row uploads). */
  remove(row: FileUpload) {
    if (row.getSnapshot().status === 'Uploading') return;
    row.dispose();
    this.#rows = this.#rows.filter((item) => item !== row);
    this.#emit();
  }

  removeAll() {
    for (const row of this.#rows) this.remove(row);
  }

  /** Uploads one row (first try, retry or resume) and tells the listeners how it ended. */
  async upload(row: FileUpload): Promise<RowStatus> {
    const status = await row.start();
    for (const listener of this.#settled) listener(row, status);
    return status;
  }

  /** Uploads every row that is not done or running, side by side. */
  uploadAll(): Promise<RowStatus[]> {
    const waiting = this.#rows.filter((row) => {
      const { status } = row.getSnapshot();
      return status !== 'Success' && status !== 'Uploading';
    });
    return Promise.all(waiting.map((row) => this.upload(row)));
  }

  get isUploading(): boolean {
    return this.#rows.some((row) => row.getSnapshot().status === 'Uploading');
  }
}

const queues = new Map<string, UploadQueue>();

/** The page-wide queue of a target (one per election's or district's direct uploads, per link). */
export function uploadQueueFor(target: UploadTarget): UploadQueue {
  let queue = queues.get(target.scope);
  if (!queue) {
    queue = new UploadQueue(target);
    queues.set(target.scope, queue);
  }
  return queue;
}
