import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { EyeIcon, EyeOffIcon } from './icons';

import './secret-field.css';

const MASK = '•'.repeat(16);

/** `kyc_sk_••••…a1b2`: the recognisable prefix and the last four characters stay visible. */
export function maskSecret(secret: string): string {
  const prefix = /^[a-z]+_(?:[a-z]+_)?/i.exec(secret)?.[0] ?? '';
  const rest = secret.slice(prefix.length);
  const tail = rest.length > 8 ? rest.slice(-4) : '';
  return `${prefix}${MASK}${tail}`;
}

export interface SecretFieldProps {
  /** Visible label, e.g. 'Secret key'. */
  label: string;
  value: string;
  /** Noun for the buttons' names: 'API key' → 'Show API key', 'Copy API key'. */
  noun: string;
  copyMessage: string;
}

/** A secret shown masked by default, with a reveal toggle and a copy button. */
export function SecretField({ label, value, noun, copyMessage }: SecretFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const labelId = useId();

  return (
    <div className="secret-field">
      <span className="secret-field-label" id={labelId}>
        {label}
      </span>
      <div className="secret-field-row">
        <code className="secret-field-value" aria-labelledby={labelId} data-testid="secret-value" data-revealed={revealed} translate="no">
          {revealed ? value : maskSecret(value)}
        </code>
        <div className="secret-field-actions">
          <Button
            variant="outline"
            className="copy-button-icon"
            aria-label={revealed ? `Hide ${noun}` : `Show ${noun}`}
            aria-pressed={revealed}
            title={revealed ? `Hide ${noun}` : `Show ${noun}`}
            onClick={() => setRevealed((current) => !current)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </Button>
          <CopyButton text={value} label={`Copy ${noun}`} successMessage={copyMessage} iconOnly />
        </div>
      </div>
    </div>
  );
}
