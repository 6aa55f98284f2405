import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { GenericSchema } from 'valibot';
import { fieldErrors } from '../../contract/forms';

/**
 * SPEC §5 "on blur": a left field is checked with the contract's schema; the machine's errors
 * (after a submit) show until the field is checked again.
 *
 * A message shown is then judged again as she types: once the value it was given for has changed,
 * the field shows what its rule says of the new value. So a mended field loses its message while she
 * types it, not when she leaves it: a press on the form's button straight from the field (which leaves
 * it) would otherwise land on a page that moved up under her finger, and be lost.
 */
export function useBlurValidation<T extends Record<string, unknown>>(
  schema: GenericSchema,
  values: T,
  submitted: Record<string, string>,
) {
  const [checked, setChecked] = useState<Record<string, string | null>>({});
  // The value each field's message was given for: at its blur, or at the submit.
  const [judged, setJudged] = useState<Partial<Record<string, unknown>>>({});
  const latest = useRef(values);
  latest.current = values;
  const onBlur = useCallback(
    (field: keyof T & string) => {
      const message = fieldErrors(schema, values)[field] ?? null;
      setChecked((current) => ({ ...current, [field]: message }));
      setJudged((current) => ({ ...current, [field]: values[field] }));
    },
    [schema, values],
  );
  /** A submit hands the messages back to the machine, given for the values sent. */
  const reset = useCallback(() => {
    setChecked({});
    setJudged({ ...latest.current });
  }, []);
  const errorOf = (field: keyof T & string): string | null => {
    const message = field in checked ? (checked[field] ?? null) : (submitted[field] ?? null);
    if (message === null || !(field in judged) || Object.is(judged[field], values[field])) return message;
    return fieldErrors(schema, values)[field] ?? null;
  };
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
