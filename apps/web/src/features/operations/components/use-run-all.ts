import { useEffect, useRef, useState } from 'react';
import { OPERATION_MESSAGES, isBuilt, type Operation } from '@scrutineer/contracts';

export type RunAllStep =
  | { kind: 'idle' | 'wait' | 'skip' }
  | { kind: 'launch'; op: Operation }
  | { kind: 'halt'; message: string };

/**
 * Run All's next step: skip a built stage, launch the next one once it is ready and nothing
 * runs, wait while a stage runs, halt when a stage stops or fails or cannot become ready, and
 * before a stage that needs one that finished with problems (the Auditor goes on by hand).
 */
export function nextRunAllStep(
  queue: readonly string[],
  operations: readonly Operation[],
): RunAllStep {
  const next = queue[0];
  if (next === undefined) return { kind: 'idle' };
  const op = operations.find((o) => o.operation === next);
  if (!op || isBuilt(op.status)) return { kind: 'skip' };
  if (op.status === 'STOPPED' || op.status === 'FAILURE')
    return { kind: 'halt', message: `Run All stopped: ${op.operation} is ${op.status}.` };
  if (operations.some((o) => o.status === 'RUNNING')) return { kind: 'wait' };
  const troubled = operations.find(
    (o) => o.status === 'PROBLEMS' && op.needs.includes(o.operation),
  );
  if (troubled)
    return {
      kind: 'halt',
      message: `Run All stopped: ${troubled.operation} ${troubled.result.startsWith('finished with problems') ? troubled.result : 'finished with problems'}. Run ${op.operation} yourself to go on.`,
    };
  if (op.can.run) return { kind: 'launch', op };
  return { kind: 'halt', message: OPERATION_MESSAGES.notReady(op.operation) };
}

interface RunAllOptions {
  operations: readonly Operation[] | undefined;
  launch: (op: Operation) => Promise<unknown>;
  onHalt: (message: string) => void;
}

/** Run All: the selected stages launch one after another as the 2-second polls show them ready. */
export function useRunAll({ operations, launch, onHalt }: RunAllOptions) {
  const [queue, setQueue] = useState<string[]>([]);
  const launching = useRef(false);

  useEffect(() => {
    if (!operations || launching.current) return;
    const step = nextRunAllStep(queue, operations);
    if (step.kind === 'skip') setQueue((q) => q.slice(1));
    if (step.kind === 'halt') {
      setQueue([]);
      onHalt(step.message);
    }
    if (step.kind === 'launch') {
      launching.current = true;
      launch(step.op)
        .then(
          () => setQueue((q) => q.slice(1)),
          () => setQueue([]),
        )
        .finally(() => {
          launching.current = false;
        });
    }
  }, [operations, queue, launch, onHalt]);

  return { queue, start: setQueue };
}
