import type { OperationStatus } from './operation.constants.js';
import { isBuilt } from './operation-status.js';

const UNSTARTED: readonly string[] = ['None', 'unbuilt-notready', 'unbuilt-ready'];

/**
 * A job's Status from its stages, in the spec's status words (docs/decisions.md): the stored
 * status ('New') until a stage has run; RUNNING while one runs; FAILURE or STOPPED while one is
 * so; SUCCESS once every stage is built; built while the built stages are only the first ones;
 * built-new when a built stage is out of date; PROBLEMS when a stage finished with problems.
 */
export function jobStatusOf(stored: string, stages: readonly string[]): string {
  if (stages.every((s) => UNSTARTED.includes(s))) return stored;
  if (stages.includes('RUNNING')) return 'RUNNING';
  if (stages.includes('FAILURE')) return 'FAILURE';
  if (stages.includes('STOPPED')) return 'STOPPED';
  if (stages.includes('built-new')) return 'built-new';
  // A stage that did not read all its input keeps the job from reading SUCCESS.
  if (stages.includes('PROBLEMS')) return 'PROBLEMS';
  return stages.every((s) => isBuilt(s as OperationStatus)) ? 'SUCCESS' : 'built';
}
