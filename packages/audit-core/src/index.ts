/** The audit engine: vote-record readers, ballot image analysis, comparison and reports. */
export {};
export * from './cvr/index.js';
export * from './image/index.js';
export * from './synth/index.js';
export * from './archive/index.js';
export * from './storage/index.js';
export * from './stages/index.js';
export * from './rla/index.js';
