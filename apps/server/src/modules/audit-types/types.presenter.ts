import type { ArgGroup, ArgumentSpec, AuditType } from '@scrutineer/contracts';
import type { ArgGroupRow, ArgSpecRow, AuditTypeRow } from './types.repository.js';

const flag = (v: string): 'TRUE' | 'FALSE' => (v.toUpperCase() === 'TRUE' ? 'TRUE' : 'FALSE');

export const presentAuditType = (row: AuditTypeRow): AuditType => ({
  id: row.id,
  name: row.name,
  premium: flag(row.premium),
  show: flag(row.show),
  help: row.help,
});

export const presentArg = (row: ArgSpecRow): ArgumentSpec => ({
  id: row.id,
  group_id: row.groupId,
  argument: row.argument,
  value: row.value,
  type: row.type as ArgumentSpec['type'],
  choices: row.choices,
  required: row.required ? 'TRUE' : 'FALSE',
  help: row.help,
  format: row.format,
  multi: row.multi,
  stages: row.stages,
  create_job_file_api: row.createJobFileApi,
  internal: row.internal,
});

export const presentGroup = (group: ArgGroupRow, args: ArgSpecRow[]): ArgGroup => ({
  id: group.id,
  audit_type_id: group.auditTypeId,
  group: group.group,
  group_name: group.groupName,
  help: group.help,
  arguments: args.map(presentArg),
});
