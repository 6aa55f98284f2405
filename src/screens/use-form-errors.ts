import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { GenericSchema } from 'valibot';
import { fieldErrors } from '../../contract/forms';

/**
 * SPEC §5 "on blur": a left field is checked with the contract's schema; the machine's errors
 * (after a submit) show until the field is checked again.
 */
export function useBlurValidation<T extends Record<string, unknown>>(
  schema: GenericSchema,
  values: T,
  submitted: Record<string, string>,
) {
  const [checked, setChecked] = useState<Record<string, string | null>>({});
  const onBlur = useCallback(
    (field: keyof T & string) => {
      const message = fieldErrors(schema, values)[field] ?? null;
      setChecked((current) => ({ ...current, [field]: message }));
    },
    [schema, values],
  );
  /** A submit hands the messages back to the machine. */
  const reset = useCallback(() => setChecked({}), []);
  const errorOf = (field: keyof T & string): string | null =>
    field in checked ? (checked[field] ?? null) : (submitted[field] ?? null);
  return { onBlur, reset, errorOf };
}

/**
 * The props of a text field of a form held in `values`: its value, typing into it, leaving it
 * (checked on blur, above) and its message.
 */
export function fieldBinder<T extends Record<string, string>>(
  values: T,
  setValues: Dispatch<SetStateAction<T>>,
  validation: Pick<ReturnType<typeof useBlurValidation<T>>, 'onBlur' | 'errorOf'>,
) {
  return (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => validation.onBlur(name),
    error: validation.errorOf(name),
  });
}
