import { describe, expect, it } from 'vitest';
import type { ArgSpecs } from '@scrutineer/contracts';
import { extraFileTypes } from './extra-file-types';

const arg = (argument: string, value: string) => ({
  id: 1,
  group_id: 1,
  argument,
  value,
  type: 'list' as const,
  choices: [],
  required: 'FALSE' as const,
  help: '',
  format: '',
  multi: false,
  stages: '',
  create_job_file_api: false,
  internal: true,
});

const specs = (...args: ReturnType<typeof arg>[]): ArgSpecs => ({
  items: [{ id: 1, audit_type_id: 'bia', group: 'g', group_name: 'G', help: '', arguments: args }],
});

describe('extraFileTypes', () => {
  it('adds the comma-listed types of upload_file_types once, after BIA and CVR', () => {
    expect(extraFileTypes(specs(arg('upload_file_types', ' BSM, CVR,,XML ,BSM')))).toEqual([
      'BSM',
      'XML',
    ]);
  });

  it('adds nothing without that argument', () => {
    expect(extraFileTypes(specs(arg('batch_size', '500')))).toEqual([]);
    expect(extraFileTypes({ items: [] })).toEqual([]);
  });
});
