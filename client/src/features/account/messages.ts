// The account screens' texts from the spec's catalogue (§8), in one place.
export const DISABLED_IN_DEMO = 'Disabled in demo';
export const PROFILE_UPDATED = 'Successfully updated user details!';
export const ACCOUNT_DELETED = 'Successfully deleted user account';
export const EMAIL_CHANGED = 'Successfully changed e-mail address';
export const PASSWORD_CHANGED = 'Successfully changed password';
// The spec's 'to large' is a typo (ARCHITECTURE §4); the server answers the same text.
export const IMAGE_TOO_LARGE = 'Uploaded file is too large! Max file size is: 5MB';
export const IMAGE_WRONG_TYPE = 'Uploaded file must be a JPEG, PNG or WebP image';
export const OWNS_ORGANIZATION_WARNING =
  'You own at least one organization. Open its Settings to transfer ownership to a member or delete it, then delete your account.';
