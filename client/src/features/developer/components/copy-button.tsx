import { useEffect, useState } from 'react';

import { Button } from '../../../components/ui/button';
import type { ButtonVariant } from '../../../components/ui/button-styles';
import { useToast } from '../../../components/ui/toast-context';
import { copyToClipboard } from '../lib/clipboard';
import { CheckIcon, CopyIcon } from './icons';

import './copy-button.css';

const COPIED_FEEDBACK_MS = 2000;
export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard; select the text and copy it yourself';

export interface CopyButtonProps {
  /** The text to copy, read when clicked. */
  text: string;
  /** Accessible name, e.g. 'Copy API key'. */
  label: string;
  /** Toast after a successful copy; without it the button only says 'Copied'. */
  successMessage?: string;
  /** Show only the icon (the label stays the accessible name). */
  iconOnly?: boolean;
  variant?: ButtonVariant;
  disabled?: boolean;
  className?: string;
}

export function CopyButton({
  text,
  label,
  successMessage,
  iconOnly = false,
  variant = 'outline',
  disabled,
  className,
}: CopyButtonProps) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onClick = async () => {
    try {
      await copyToClipboard(text);
      setCopied(true);
      if (successMessage) toast.success(successMessage);
    } catch {
      toast.error(COPY_FAILED_MESSAGE);
    }
  };

  return (
    <Button
      variant={variant}
      onClick={onClick}
      disabled={disabled}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      className={['copy-button', iconOnly ? 'copy-button-icon' : '', className].filter(Boolean).join(' ')}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      {!iconOnly && <span>{copied ? 'Copied' : label}</span>}
    </Button>
  );
}
