import {
  parseStagesText,
  type ArgGroup,
  type ArgumentSpec,
  type JobSettings,
} from './settings-specs';

export type FormValues = Record<string, string>;

export const keyOf = (group: string, argument: string) => `${group}.${argument}`;

/** Arguments a person sets in a JOB file: not platform-set, not deprecated, not per run. */
export function editableArgs(group: ArgGroup): ArgumentSpec[] {
  return group.arguments.filter((a) => {
    const stages = parseStagesText(a.stages);
    return !a.internal && stages !== 'DEPRECATED' && stages !== 'session';
  });
}

/** Form values from settings: multi values one per line. */
export function valuesFromSettings(specs: ArgGroup[], settings: JobSettings): FormValues {
  const values: FormValues = {};
  for (const group of specs) {
    for (const arg of editableArgs(group)) {
      const given = (settings[group.group] ?? []).filter((e) => e.argument === arg.argument);
      values[keyOf(group.group, arg.argument)] = given.map((e) => e.value).join('\n');
    }
  }
  return values;
}

/** Settings from form values; empty values are left out (their default applies). */
export function settingsFromValues(specs: ArgGroup[], values: FormValues): JobSettings {
  const settings: JobSettings = {};
  for (const group of specs) {
    for (const arg of editableArgs(group)) {
      const raw = values[keyOf(group.group, arg.argument)] ?? '';
      const items = arg.multi ? raw.split('\n') : [raw];
      for (const item of items.map((v) => v.trim()).filter(Boolean)) {
        (settings[group.group] ??= []).push({ argument: arg.argument, value: item });
      }
    }
  }
  return settings;
}

/** Keys of required arguments left empty. */
export function missingRequired(specs: ArgGroup[], values: FormValues): string[] {
  return specs.flatMap((group) =>
    editableArgs(group)
      .filter(
        (a) => a.required === 'TRUE' && !(values[keyOf(group.group, a.argument)] ?? '').trim(),
      )
      .map((a) => keyOf(group.group, a.argument)),
  );
}
