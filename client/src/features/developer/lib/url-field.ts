import { getErrorMessage, hasErrorCode } from '../../../api/client';

export const FIELD_REQUIRED = 'This field is required';
export const FIELD_INVALID = 'This field is invalid';
/** Spec §5: what the redirect form shows for the server's URL complaint. */
export const REDIRECT_URL_INVALID = 'redirect link must be a valid url address';

/** True for an absolute http:// or https:// URL, the only kinds the server stores. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The field-level check of a required http(s) URL; null when it passes. */
export function validateHttpUrl(value: string, invalidMessage: string = FIELD_INVALID): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return FIELD_REQUIRED;
  if (!isHttpUrl(trimmed)) return invalidMessage;
  return null;
}

/**
 * Spec §5: the server's validation failure (400 VALIDATION_FAILED) of the redirect URL is
 * shown as 'redirect link must be a valid url address' — for a non-empty value the only
 * thing the route validates is that it is an http(s) URL. Anything else follows the usual
 * request-error mapping (spec §8).
 */
export function redirectUrlErrorMessage(error: unknown): string {
  if (hasErrorCode(error, 'VALIDATION_FAILED', 400)) return REDIRECT_URL_INVALID;
  return getErrorMessage(error);
}
