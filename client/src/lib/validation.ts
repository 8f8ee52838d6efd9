// Spec §5: the generic field messages, and "empty strings are treated as absent".

export const FIELD_REQUIRED = 'This field is required';
export const FIELD_INVALID = 'This field is invalid';
export const PASSWORDS_DO_NOT_MATCH = 'Your passwords confirmation does not match';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

// Deliberately loose: the server decides; this only catches obvious typos before a round trip.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function hasErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some(Boolean);
}

// The server's username rule (server/users/username.ts), checked early so a form can say so.
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const USERNAME_HINT = '3 to 32 letters, digits, dots, dashes or underscores';

/** 'This field is required' when blank, 'This field is invalid' when `valid` says no. */
export function checkField(value: string, valid: (value: string) => boolean = () => true): string | undefined {
  if (isBlank(value)) return FIELD_REQUIRED;
  return valid(value) ? undefined : FIELD_INVALID;
}

export function isUsername(value: string): boolean {
  return USERNAME_PATTERN.test(value.trim());
}

export function hasPasswordLength(value: string, min: number, max: number): boolean {
  return value.length >= min && value.length <= max;
}
