import type { UploadPart } from '@scrutineer/contracts';
import type { PartPlan } from './part-plan';
import type { UploadProgress } from './resume';

export interface StartedUpload {
  id: number;
  /** One signed URL per part, part 1 first. */
  urls: string[];
  /** A general upload's token that completes or cancels it. */
  token?: string;
}

/** The API calls behind one kind of upload (a file set, a direct upload, a link upload…). */
export interface UploadTarget {
  /** Names this target's resume records, e.g. `election:5:direct`. */
  scope: string;
  /** The status that ends an upload the user cancels: Canceled, or Aborted for file sets. */
  cancelStatus: 'Canceled' | 'Aborted';
  create(file: File, plan: PartPlan): Promise<StartedUpload>;
  /** Acknowledged parts and fresh URLs; without it an upload cannot resume. */
  parts?: (upload: { id: number; token?: string }) => Promise<UploadProgress>;
  complete(upload: { id: number; token?: string }, parts: UploadPart[]): Promise<unknown>;
  stop(
    upload: { id: number; token?: string },
    status: 'Canceled' | 'Aborted' | 'Failed',
  ): Promise<unknown>;
}
