import { DEFAULT_AUDIT_TYPE, type ArgGroup } from '@scrutineer/contracts';
import type { Executor } from '../../platform/db/database.js';
import { presentGroup } from './types.presenter.js';
import { listGroupsWithArgs } from './types.repository.js';

/** The argument groups job settings follow: those of the given audit type, or of the default. */
export async function loadArgSpecs(db: Executor, auditTypeId?: string): Promise<ArgGroup[]> {
  const groups = await listGroupsWithArgs(db, auditTypeId ?? DEFAULT_AUDIT_TYPE);
  return groups.map(({ group, args }) => presentGroup(group, args));
}
