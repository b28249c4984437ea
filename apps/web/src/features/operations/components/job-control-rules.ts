import { OPERATION_STAGES } from '@scrutineer/contracts';

/** Run All and Reset act on the selection only when it holds more than one row (spec part 3 §4). */
export const canActOnSelection = (selected: readonly string[]): boolean => selected.length > 1;

/** The selected operations in pipeline order, so Run All launches earlier stages first. */
export function inPipelineOrder(selected: readonly string[]): string[] {
  const order: readonly string[] = OPERATION_STAGES;
  return [...selected].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
