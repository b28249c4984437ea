/** Ballot image analysis: decoding, registration on timing marks, templates and mark reading. */
export * from './grey.js';
export {
  loadPage,
  countPages,
  encodePng,
  encodeBilevelTiff,
  encodeGreyTiff,
  ImageReadError,
  PageBuffers,
  type LoadPageOptions,
} from './load.js';
export { DEFAULT_PDF_DPI, isPdf, openPdf, renderPdfPage, type PdfPages } from './pdf.js';
export { findComponents, type Component, type Region } from './components.js';
export {
  applyAffine,
  describeAffine,
  fitAffine,
  IDENTITY,
  type Affine,
  type Point,
} from './affine.js';
export { findTimingMarks, type TimingMarks } from './timing.js';
export { registerMarks, RegistrationError, type Registration } from './register.js';
export { findTargets, type TemplateTarget } from './targets.js';
export { findArrows, findVotingTargets } from './arrows.js';
export type { TargetShape } from './shape.js';
export { measureTarget, type TargetMeasure } from './measure.js';
export {
  buildTemplate,
  TemplateError,
  type Template,
  type TemplateContest,
  type TemplateOptions,
  type TargetMeaning,
} from './template.js';
export {
  blankLevel,
  decideMark,
  DEFAULT_THRESHOLDS,
  readContests,
  type ContestReading,
  type MarkDecision,
  type Thresholds,
} from './decide.js';
export {
  readBallot,
  registerPage,
  type BallotReading,
  type ReadOptions,
  type TargetReading,
} from './read.js';
export {
  buildTemplateFromExemplars,
  combineExemplars,
  type CombinedExemplars,
  type CombineOptions,
} from './exemplars.js';
export { dilate, erode, inkMask, morph, type Mask } from './morph.js';
export {
  printedWayUp,
  textWayUp,
  uprightByPrint,
  type ExpectedMeanings,
  type PrintRun,
  type TextWayUp,
  type WayUpCue,
} from './orientation.js';
export { parseTurn, sideTurn, turnPoint, type Turn } from './upright.js';
export {
  matchStyle,
  NoStyleFitsError,
  UNEXPLAINED_PRINTING,
  unexplainedPrinting,
  type StyleMatch,
} from './match.js';
export { distinguishingCells, thumbnail, thumbnailDistance, type Thumbnail } from './thumbnail.js';
export { readBallots, type BatchOptions, type PageInput, type PageResult } from './batch.js';
export { renderContactSheet, renderRedline } from './proofs.js';
export {
  addedInk,
  decodeAddedInk,
  encodeAddedInk,
  isSamePaper,
  MIN_IDENTIFYING_CELLS,
  type AddedInk,
} from './added-ink.js';
