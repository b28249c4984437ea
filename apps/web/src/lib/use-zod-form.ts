import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import type { z } from 'zod';
import { fieldError } from './api-error';

type Values = Record<string, string>;

/**
 * A small form state holder validated by a zod schema (usually built from the contracts).
 * Errors appear after the first submit and follow each edit from then on.
 */
export function useZodForm<V extends Values, Out>(schema: z.ZodType<Out, V>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  function validate(next: V): Out | null {
    const result = schema.safeParse(next);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found: Partial<Record<keyof V, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof V | undefined;
      if (key !== undefined && found[key] === undefined) found[key] = issue.message;
    }
    setErrors(found);
    return null;
  }

  function field(name: keyof V & string) {
    return {
      name,
      id: `field-${name}`,
      value: values[name],
      error: Boolean(errors[name]),
      helperText: errors[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (submitted) validate(next);
      },
    };
  }

  function handleSubmit(onValid: (data: Out) => void) {
    return (event: SyntheticEvent) => {
      event.preventDefault();
      setSubmitted(true);
      const data = validate(values);
      if (data !== null) onValid(data);
    };
  }

  /**
   * Puts a server refusal that names one of this form's fields (`email: …`) under that field;
   * answers the text to show elsewhere when it names none, else null.
   */
  function serverError(error: unknown): string | null {
    const { field, message } = fieldError(error);
    if (field !== null && field in values) {
      setErrors({ [field]: message } as Partial<Record<keyof V, string>>);
      return null;
    }
    return field !== null ? `${field}: ${message}` : message;
  }

  function reset(next: V = initial) {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }

  return { values, errors, field, handleSubmit, reset, setValues, serverError };
}
