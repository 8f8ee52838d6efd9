import { useId } from 'react';

import { CopyButton } from './copy-button';

import './copy-field.css';

export interface CopyFieldProps {
  label: string;
  value: string;
  /** Accessible name of the button, e.g. 'Copy company key'. */
  copyLabel: string;
  /** Toast after copying. */
  copiedMessage: string;
}

const fieldIcon = (copied: boolean) => (
  <svg viewBox="0 0 20 20" aria-hidden="true" className="copy-field-icon">
    {copied ? (
      <path d="M4.5 10.5l3.5 3.5 7.5-8" />
    ) : (
      <path d="M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7z" />
    )}
  </svg>
);

/** A read-only value in monospace with a copy button beside it. */
export function CopyField({ label, value, copyLabel, copiedMessage }: CopyFieldProps) {
  const id = useId();

  return (
    <div className="copy-field">
      <label className="copy-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field-row">
        <input id={id} className="copy-field-value" value={value} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={value} label="Copy" accessibleName={copyLabel} successMessage={copiedMessage} icon={fieldIcon} className="copy-field-button" />
      </div>
    </div>
  );
}
