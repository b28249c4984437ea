/** The audit engine: vote-record readers, ballot image analysis, comparison and reports. */
export {};
export * from './cvr/index.js';
export * from './image/index.js';
export * from './synth/index.js';
