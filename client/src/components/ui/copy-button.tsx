import { useEffect, useState, type ReactNode } from 'react';

import { copyToClipboard } from '../../lib/clipboard';
import { Button } from './button';
import type { ButtonVariant } from './button-styles';
import { useToast } from './toast-context';

import './copy-button.css';

const COPIED_FEEDBACK_MS = 2000;
export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard; select the text and copy it yourself';

function Glyph({ d }: { d: string }) {
  return (
    <svg className="copy-button-glyph" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

const defaultIcon = (copied: boolean) =>
  copied ? (
    <Glyph d="M5 12.5l4.5 4.5L19 7.5" />
  ) : (
    <Glyph d="M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1zM5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  );

export interface CopyButtonProps {
  /** The text to copy, read when clicked. */
  text: string;
  /** Visible text, e.g. 'Copy'; with iconOnly, the accessible name, e.g. 'Copy API key'. */
  label: string;
  /** Accessible name when the visible label is generic, e.g. 'Copy company key'. */
  accessibleName?: string;
  /** Toast after a successful copy; without it the button only says 'Copied'. */
  successMessage?: string;
  /** Show only the icon (the label stays the accessible name). */
  iconOnly?: boolean;
  /** The icon for the idle and the copied state; a copy and a check glyph by default. */
  icon?: (copied: boolean) => ReactNode;
  variant?: ButtonVariant;
  disabled?: boolean;
  className?: string;
}

/** A button that copies text, shows 'Copied' for a moment and toasts the result. */
export function CopyButton({
  text,
  label,
  accessibleName,
  successMessage,
  iconOnly = false,
  icon = defaultIcon,
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
      aria-label={iconOnly ? label : accessibleName}
      title={iconOnly ? label : undefined}
      className={['copy-button', iconOnly ? 'copy-button-icon' : '', className].filter(Boolean).join(' ')}
    >
      {icon(copied)}
      {!iconOnly && <span>{copied ? 'Copied' : label}</span>}
    </Button>
  );
}
