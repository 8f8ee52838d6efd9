import { useId } from 'react';

import './ui/text-field.css';
import './reason-field.css';

const REASON_MAX_LENGTH = 1000;

/** A labelled reason textarea with its hint or error; shared by the decision and blocklist dialogs. */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength = REASON_MAX_LENGTH,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      <textarea
        id={id}
        className="text-field-input decision-reason"
        value={value}
        rows={3}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {(error || hint) && (
        <p id={`${id}-note`} className={error ? 'text-field-error' : 'text-field-hint'}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}
