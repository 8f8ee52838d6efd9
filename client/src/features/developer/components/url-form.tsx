import { useState, type FormEvent } from 'react';

import { getErrorMessage, isApiError } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { TextField } from '../../../components/ui/text-field';

import './url-form.css';

export interface UrlFormProps {
  label: string;
  name: string;
  initialValue: string;
  placeholder: string;
  hint: string;
  submitLabel: string;
  cancelTo: string;
  isPending: boolean;
  /** Field-level check; a message blocks the submit. */
  validate: (value: string) => string | null;
  /** Sends the trimmed value; rejects with the server's error. */
  onSubmit: (value: string) => Promise<unknown>;
  /** Turns a server error into the text shown under the field. */
  errorMessage?: (error: unknown) => string;
}

/** One required URL field, shared by the webhook and redirect-URL change screens. */
export function UrlForm({
  label,
  name,
  initialValue,
  placeholder,
  hint,
  submitLabel,
  cancelTo,
  isPending,
  validate,
  onSubmit,
  errorMessage = getErrorMessage,
}: UrlFormProps) {
  const [value, setValue] = useState(initialValue);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    setFormError(null);
    const trimmed = value.trim();
    const problem = validate(trimmed);
    setFieldError(problem);
    if (problem) return;
    try {
      await onSubmit(trimmed);
    } catch (error) {
      // The server's word on this value (invalid URL, refused address) belongs to the field.
      if (isApiError(error) && error.status === 400) setFieldError(errorMessage(error));
      else setFormError(errorMessage(error));
    }
  };

  return (
    <form className="url-form" onSubmit={submit} noValidate>
      {formError && <Alert variant="danger">{formError}</Alert>}
      <TextField
        label={label}
        name={name}
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        className="url-form-field"
        value={value}
        placeholder={placeholder}
        required
        maxLength={2048}
        error={fieldError ?? undefined}
        hint={hint}
        onChange={(event) => {
          setValue(event.target.value);
          if (touched) setFieldError(validate(event.target.value.trim()));
        }}
      />
      <div className="url-form-actions">
        <ButtonLink to={cancelTo} variant="outline">
          Cancel
        </ButtonLink>
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
