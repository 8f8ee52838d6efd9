/** The session cookie's name: the CSRF defence (here in common/) and the session middleware (sessions/) share it. */
export const SESSION_COOKIE = 'kyc.sid';
