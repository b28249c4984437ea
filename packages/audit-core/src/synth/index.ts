/** Synthetic elections: definitions, printed and marked ballots, scans, vote records and truth. */
export { Random } from './random.js';
export {
  makeElection,
  cardCodeOf,
  pageLengthOf,
  styleSides,
  type ElectionOptions,
  type SynthElection,
  type SynthPrecinct,
  type SynthStyle,
  type TargetShape as SynthTargetShape,
  type BallotFamily,
} from './election.js';
export { makeSharedLayoutElection } from './shared-layout.js';
export {
  layoutStyle,
  DROP_OUT_INK,
  type LayoutTarget,
  type Rect,
  type StyleLayout,
  type TextLine,
} from './layout.js';
export { renderStyle } from './render.js';
export { overprintWord, OVERPRINT_INK } from './overprint.js';
export { targetsOnScan } from './on-scan.js';
export { layoutHartStyle, scanGreyPage } from './hart.js';
export { layoutCornerOvalStyle } from './corner-ovals.js';
export { ARROW, drawArrowMark, strokeArrow } from './arrow.js';
export { drawMark, isIntended, CLEAR_KINDS, INTENDED_KINDS, type MarkKind } from './marks.js';
export { drawScan, scanPage, type ScanOptions, type ScanParams } from './scan.js';
export {
  planBallot,
  planBallots,
  type BallotPlan,
  type PlanOptions,
  type TargetTruth,
} from './plan.js';
export {
  feedTurned,
  generateBallots,
  StylePrinter,
  type GenerateOptions,
  type PrintedStyle,
  type SyntheticBallot,
} from './ballots.js';
export {
  planDiscrepancies,
  type DiscrepancyOptions,
  type Feed,
  type PlantedDiscrepancy,
} from './discrepancies.js';
export { recordOf, syntheticRecords, writeSyntheticCvr, type SyntheticCvrFormat } from './cvr.js';
export { styleTemplate } from './template.js';
export {
  writeSyntheticElection,
  type WriteElectionOptions,
  type WrittenElection,
} from './archive.js';
