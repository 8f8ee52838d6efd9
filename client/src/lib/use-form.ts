import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';

import { hasErrors, type FieldErrors } from './validation';

/**
 * The small form state every account screen needs: text values, a validate function
 * returning spec §5 messages, errors shown from the first submit on and then kept live.
 */
export function useForm<Field extends string>(initial: Record<Field, string>, validate: (values: Record<Field, string>) => FieldErrors<Field>) {
  const [initialValues] = useState(initial);
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors: FieldErrors<Field> = submitted ? validate(values) : {};

  const setValue = useCallback((name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  /** Props for <TextField>: name, value, onChange and the field's error. */
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });

  const handleSubmit = (onValid: (values: Record<Field, string>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!hasErrors(validate(values))) onValid(values);
  };

  const reset = useCallback(() => {
    setValues(initialValues);
    setSubmitted(false);
  }, [initialValues]);

  return { values, errors, field, setValue, handleSubmit, reset };
}
