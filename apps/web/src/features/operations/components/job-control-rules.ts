import { OPERATION_STAGES } from '@scrutineer/contracts';

/** Run All and Reset act on the selection only when it holds more than one row (spec part 3 §4). */
export const canActOnSelection = (selected: readonly string[]): boolean => selected.length > 1;

/** The selected operations in pipeline order, so Run All launches earlier stages first. */
export function inPipelineOrder(selected: readonly string[]): string[] {
  const order: readonly string[] = OPERATION_STAGES;
  return [...selected].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

interface ResetPlan<Op> {
  /** The rows the Reset will reset, in pipeline order. */
  reset: Op[];
  /** The selected rows it leaves, with their status. */
  left: Op[];
  /** What happens, for the message after the Reset (or instead of it). */
  summary: string;
}

/**
 * Reset of the selected rows: Stopped, Failed and Done rows reset (the older list's "otherwise
 * reset"); Ready, Not Ready and Running rows are left and named, so the message says what
 * changed instead of claiming a reset that did nothing.
 */
export function planReset<
  Op extends { operation: string; label: string; control_status: string; status: string },
>(selected: readonly Op[], canReset: boolean): ResetPlan<Op> {
  const resettable = (op: Op) =>
    canReset && ['Stopped', 'Failed', 'Done'].includes(op.control_status);
  const order = inPipelineOrder(selected.map((op) => op.operation));
  const sorted = [...selected].sort(
    (a, b) => order.indexOf(a.operation) - order.indexOf(b.operation),
  );
  const reset = sorted.filter(resettable);
  const left = sorted.filter((op) => !resettable(op));
  const named = left.map((op) => `${op.label} (${op.control_status})`).join(', ');
  const summary = !canReset
    ? 'Only the Auditor of this job can reset operations.'
    : reset.length === 0
      ? `Nothing to reset: ${named}. Only Stopped, Failed or Done stages can be reset.`
      : `Reset ${reset.length} of ${selected.length} selected stages; left as they are: ${named}.`;
  return { reset, left, summary };
}
