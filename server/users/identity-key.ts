import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Longest stored keys: the columns of users.username and users.email. */
export const USERNAME_KEY_MAX = 64;
export const EMAIL_KEY_MAX = 254;

/**
 * The form under which usernames and e-mail addresses are compared: Unicode
 * compatibility normalisation (NFKC: the ligature `ﬁ` is `fi`, full-width `Ａ` is `A`),
 * then lower case — normalised once more, since lower-casing can undo NFKC for a few
 * characters. Two accounts whose names have the same key are the same person to us;
 * the unique columns users.usernameKey and users.emailKey hold these keys.
 */
export function identityKey(value: string): string {
  return value.normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** The value's identity key fits in `max` characters (NFKC can lengthen a string). */
export function IdentityKeyFits(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'identityKeyFits',
      constraints: [max],
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || identityKey(value).length <= max,
        defaultMessage: () => `$property must be at most ${max} characters once normalised`,
      },
    },
    options,
  );
}
