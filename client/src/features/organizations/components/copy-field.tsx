import { useEffect, useId, useState } from 'react';

import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { copyText } from '../lib/clipboard';

import './copy-field.css';

const COPIED_FEEDBACK_MS = 2000;

export interface CopyFieldProps {
  label: string;
  value: string;
  /** Accessible name of the button, e.g. 'Copy company key'. */
  copyLabel: string;
  /** Toast after copying. */
  copiedMessage: string;
}

/** A read-only value in monospace with a copy button beside it. */
export function CopyField({ label, value, copyLabel, copiedMessage }: CopyFieldProps) {
  const id = useId();
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      toast.error('Could not copy to the clipboard; select the text and copy it yourself');
    }
  };

  return (
    <div className="copy-field">
      <label className="copy-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="copy-field-row">
        <input
          id={id}
          className="copy-field-value"
          value={value}
          readOnly
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" onClick={onCopy} aria-label={copyLabel} className="copy-field-button">
          <svg viewBox="0 0 20 20" aria-hidden="true" className="copy-field-icon">
            {copied ? (
              <path d="M4.5 10.5l3.5 3.5 7.5-8" />
            ) : (
              <path d="M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7z" />
            )}
          </svg>
          <span>{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}
