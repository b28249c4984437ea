import { FILE_TYPES, type ArgSpecs } from '@scrutineer/contracts';

/** The file types a job's argument spec `upload_file_types` adds to BIA and CVR (comma list). */
export function extraFileTypes(specs: ArgSpecs): string[] {
  const known = new Set<string>(FILE_TYPES);
  const extra: string[] = [];
  for (const group of specs.items) {
    for (const arg of group.arguments) {
      if (arg.argument !== 'upload_file_types') continue;
      for (const type of arg.value.split(',').map((item) => item.trim())) {
        if (type && !known.has(type)) {
          known.add(type);
          extra.push(type);
        }
      }
    }
  }
  return extra;
}
