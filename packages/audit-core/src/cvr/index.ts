/** Cast vote records: streaming readers for every supported layout, writers, reconciliation. */
export type * from './model.js';
export type { CvrReader } from './reader.js';
export { fileSource, bufferSource, type CvrSource } from './source.js';
export { openDominionCsv } from './dominion-csv.js';
export {
  openDominionJson,
  openDominionJsonDirectory,
  openDominionJsonZip,
} from './dominion-json.js';
export { openEssCsv, openEssXlsx, type EssOptions } from './ess.js';
export {
  readBallotManifest,
  batchKey,
  type BallotManifest,
  type ManifestBatch,
} from './ballot-manifest.js';
export {
  BatchTally,
  reconcileWithManifest,
  reconcileBatches,
  findRecordGaps,
  type BatchReconciliation,
} from './reconcile.js';
export { openClearBallotCsv } from './clearballot.js';
export {
  CvrTally,
  tallyBallots,
  type ContestTally,
  type OptionTally,
  type RankTally,
} from './tally.js';
export { openHartXml, openHartZip } from './hart.js';
export { detectCvrLayout, type CvrLayout, type Detection } from './detect.js';
export { openCvrFile, type OpenCvrOptions, type OpenCvrResult } from './open.js';
export * from './writers/index.js';
