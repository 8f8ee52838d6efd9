/** 3–32 letters, digits, dots, dashes or underscores; never an '@', so a username cannot pose as an e-mail at login. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
