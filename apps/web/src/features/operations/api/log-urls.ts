import { buildPath, operationLogRoutes, type Operation } from '@scrutineer/contracts';

const API_BASE = '/api';

/** The staged view's log: the address the operation names, else /logs/operation-logs/{name}/log.txt. */
export function stagedLogUrl(op: Operation): string | null {
  // A stage that has never started has no log to ask for.
  if (!op.logs && op.status !== 'RUNNING') return null;
  if (!op.started_at && op.status !== 'RUNNING' && !op.operation_id) return null;
  return op.logs || `${API_BASE}${buildPath(operationLogRoutes.byName.path, { id: op.name })}`;
}

/** The older view's log, by operation id; null before the stage has run. */
export function olderLogUrl(op: Operation): string | null {
  if (!op.operation_id) return null;
  return `${API_BASE}${buildPath(operationLogRoutes.byOperationId.path, { id: op.operation_id })}`;
}
