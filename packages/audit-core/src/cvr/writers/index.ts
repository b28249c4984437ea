export { writeDominionCsv } from './dominion-csv.js';
export { writeDominionJson, type DominionJsonOptions } from './dominion-json.js';
export { writeEssBallots, writeEssCsv } from './ess-csv.js';
export { directorySink, memorySink, textOf, type CvrSink, type CvrWriteInput } from './sink.js';
