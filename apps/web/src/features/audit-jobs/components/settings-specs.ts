import type { ArgGroup, ArgumentSpec, JobSettings } from '@scrutineer/contracts';

export type { ArgGroup, ArgumentSpec, JobSettings };

/** A spec's stages text: any stage (null), 'session', 'DEPRECATED', or the stage list. */
export function parseStagesText(stages: string): string[] | 'session' | 'DEPRECATED' | null {
  const s = stages.trim();
  if (!s) return null;
  if (s === 'session' || s === 'DEPRECATED') return s;
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The job settings data type shown for an argument: Number for int, else Text. */
export const dataTypeOf = (arg: ArgumentSpec) => (arg.type === 'int' ? 'Number' : 'Text');
