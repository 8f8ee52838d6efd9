/**
 * Every message the account features (auth, auth-emails, users) answer with, in one place.
 * Wording follows the spec's catalogue; its typo 'to large' is fixed (ARCHITECTURE §4).
 */
export const AUTH_MESSAGES = {
  // Sign-in
  invalidCredentials: 'Provided username and password are not valid',
  tooManyAttempts: (minutes: number) => `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',

  twoFactorRequired: 'Enter the code from your authenticator app to finish signing in',
  twoFactorNotPending: 'Sign in with your username and password first',
  invalidTwoFactorCode: 'The code is not valid or was already used',
  secondFactorLocked: 'Too many wrong codes: your authenticator app and passkeys are locked. Use a recovery code, or the unlock link we e-mailed you.',
  secondFactorUnlocked: 'Your authenticator app and passkeys work again. Sign in.',
  totpAlreadyEnabled: 'An authenticator app is already set up for this account',
  totpNotStarted: 'Start setting up an authenticator app first',
  sessionNotFound: 'This session has already ended',
  totpNotEnabled: 'No authenticator app is set up for this account',
  passkeyRequired: 'Use your passkey to finish signing in',
  passkeyNotAccepted: 'The passkey could not be verified',
  passkeyChallengeInvalid: 'The passkey request expired or was already used. Try again.',
  passkeyRegistrationFailed: 'The passkey could not be registered',
  passkeyAlreadyRegistered: 'This passkey is already registered',
  passkeyNotFound: 'This passkey does not exist or was already removed',
  passkeyNameRequired: 'Give the passkey a name (at most 64 characters)',
  twoFactorEnrolmentRequired: 'Two-factor sign-in is required for your account. Set up an authenticator app or a passkey first.',
  proofRequired: 'Enter your password or a code from your authenticator app',

  // Single sign-on (OpenID Connect)
  ssoUnknownProvider: 'This single sign-on provider is not configured here',
  ssoStateMismatch: 'This sign-in answer does not match a sign-in started in this browser (or it took too long). Start again.',
  ssoProviderError: 'The sign-in provider did not complete the sign-in. Try again, or sign in with your password.',
  ssoEmailNotVerified: 'The sign-in provider has not verified your e-mail address, so it cannot be used to sign in here',
  ssoAccountLinked: 'Your account is already linked to another identity at this sign-in provider. Sign in with that one, or with your password.',
  ssoLinkNotPending: 'Sign in with your provider again: no single sign-on is waiting for your password in this browser.',
  ssoThrottled: 'Too many single sign-on attempts from this address. Try again in a minute.',
  ssoDomainNotAllowed:
    'No account uses this e-mail address, and accounts for its domain are not created through this provider. Ask an administrator to invite you.',

  // Registration and profile
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this e-mail address already exists',
  usernameFormat: 'Username must be 3 to 32 characters: letters, digits, dots, dashes or underscores',
  emailInvalid: 'E-mail address is not valid',
  passwordLength: 'Password must be 4 to 32 characters long',
  passwordTooShort: (min: number) => `Password must be at least ${min} characters long`,
  passwordTooCommon: 'This password is one of the most common ones and easy to guess. Choose another.',
  passwordIsIdentity: 'Your password must not be your username or e-mail address',
  disabledInDemo: 'Disabled in demo',

  // Password and e-mail changes, deletion
  wrongPassword: 'The password you entered is not correct',
  passwordConfirmationMismatch: 'Your passwords confirmation does not match',
  ownsOrganization: 'You cannot delete your account while you own an organization. Delete your organizations or hand them over first.',
  lastSuperAdmin: 'The last super-admin account cannot be deleted',
  sameEmail: 'This is already your e-mail address',

  // E-mailed links
  invalidLink: 'This link is invalid, has expired or was already used. Request a new one.',
  resetStarted: 'If an account with this e-mail address exists, we have sent it a link to reset the password.',
  passwordChanged: 'Your password has been changed, you can log in now',
  alreadyConfirmed: 'Your e-mail address is already confirmed',
  confirmationSent: 'We have sent you an e-mail with a confirmation link',
  confirmationTooSoon: 'A confirmation e-mail was sent recently. Check your inbox or try again in a few minutes.',
  emailConfirmed: 'Your e-mail address has been confirmed',

  // Profile picture
  imageTooLarge: 'Uploaded file is too large! Max file size is: 5MB',
  imageNotAnImage: 'Uploaded file must be a JPEG, PNG or WebP image',
  imageTooManyPixels: 'Uploaded image has too many pixels! Max size is 50 megapixels',
  imageNotFound: 'This user has no picture',
} as const;
