import { getErrorMessage, isApiError } from '../../../api/client';

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

function firstServerMessage(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { message } = error.body as { message?: unknown };
  const first: unknown = Array.isArray(message) ? message[0] : message;
  return typeof first === 'string' ? first : undefined;
}

/**
 * Spec §5: a server message list whose first item says redirectUrl must be a URL
 * address is shown as 'redirect link must be a valid url address'; anything else
 * follows the usual request-error mapping (spec §8).
 */
export function redirectUrlErrorMessage(error: unknown): string {
  const first = firstServerMessage(error);
  if (first !== undefined && /^redirectUrl must be (a|an) URL address$/i.test(first.trim())) {
    return REDIRECT_URL_INVALID;
  }
  return getErrorMessage(error);
}
