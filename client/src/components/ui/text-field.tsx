import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field in red; marks the input aria-invalid. */
  error?: string;
  /** Shown under the field when there is no error. */
  hint?: ReactNode;
  /** Rendered at the right of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
}

/** A labelled input with its hint or error wired up for screen readers. */
export function TextField({ label, error, hint, labelAside, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={['text-field', className].filter(Boolean).join(' ')}>
      <div className="text-field-label-row">
        <label htmlFor={id} className="text-field-label">
          {label}
        </label>
        {labelAside}
      </div>
      <input id={id} className="text-field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={`${id}-error`} className="text-field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-field-hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
