import { events } from '../../db/schema.js';
import type { Executor } from './database.js';

export interface EventInput {
  actorId: number | null;
  subjectType: string;
  subjectId: string | number;
  action: string;
  data?: Record<string, unknown>;
}

/** Writes one audit-trail row; call it with the transaction of the change it records. */
export async function recordEvent(tx: Executor, event: EventInput): Promise<void> {
  await tx.insert(events).values({
    actorId: event.actorId,
    subjectType: event.subjectType,
    subjectId: String(event.subjectId),
    action: event.action,
    data: event.data ?? {},
  });
}
