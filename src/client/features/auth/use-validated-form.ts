import { useState } from 'react';
import type { z } from 'zod';
import { firstIssuePerField } from '../../../shared/auth';

export type FieldErrors<TField extends string> = Partial<Record<TField, string>>;

interface Validation<TField extends string, TOutput> {
  data: TOutput | null;
  errors: FieldErrors<TField>;
}

function validate<TField extends string, TOutput>(
  schema: z.ZodType<TOutput, Record<TField, string>>,
  values: Record<TField, string>,
): Validation<TField, TOutput> {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  return { data: null, errors: firstIssuePerField(result.error.issues) as FieldErrors<TField> };
}

/**
 * Values and error keys of a form checked by a shared zod schema. A field is judged when it loses focus with something
 * typed and on submit; once it shows an error it is judged on every keystroke, so the message goes as soon as it is
 * fixed, without scolding someone who has only started typing.
 */
export function useValidatedForm<TField extends string, TOutput>(
  schema: z.ZodType<TOutput, Record<TField, string>>,
  initial: Record<TField, string>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<TField>>({});

  function judge(field: TField, next: Record<TField, string>) {
    const message = validate(schema, next).errors[field];
    setErrors((current) => ({ ...current, [field]: message }));
  }

  return {
    values,
    errors,
    change(field: TField, value: string) {
      const next = { ...values, [field]: value };
      setValues(next);
      if (errors[field]) judge(field, next);
    },
    blur(field: TField) {
      if (values[field] !== '') judge(field, values);
    },
    /** The parsed input, or the errors to show (and whose first field takes the focus). */
    submit() {
      const result = validate(schema, values);
      setErrors(result.errors);
      return result;
    },
  };
}
