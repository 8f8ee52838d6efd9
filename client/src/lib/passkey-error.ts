import { getErrorMessage, isApiError } from '../api/client';

/**
 * What to tell the user when a passkey step failed: the server's message, or the
 * browser's refusal (cancelled, timed out, no passkey for this site) in plain words.
 */
export function passkeyErrorMessage(error: unknown): string {
  if (isApiError(error)) return getErrorMessage(error);
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This passkey is already registered.';
  const unsupported = error instanceof Error && /WebAuthn is not supported/.test(error.message);
  if (unsupported || name === 'NotSupportedError' || name === 'SecurityError') return 'This browser cannot use a passkey here.';
  return getErrorMessage(error);
}
