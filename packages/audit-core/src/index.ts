/** The audit engine: vote-record readers, ballot image analysis, comparison and reports. */
export {};
export * from './cvr/index.js';
