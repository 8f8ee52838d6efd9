import { SetMetadata } from '@nestjs/common';

export const RECENT_AUTHENTICATION = 'recentAuthentication';

/** How recently a session must have proved its account (signed in, or given its password or a code again) for a destructive route. */
export const RECENT_AUTHENTICATION_MS = 5 * 60 * 1000;

/**
 * A destructive or credential-changing route: a session answers 403
 * REAUTHENTICATION_REQUIRED unless it signed in or re-authenticated (POST
 * /api/auth/reauthenticate) within the last RECENT_AUTHENTICATION_MS. A stolen session
 * cookie alone cannot delete an organization or add a passkey. An API key (on a route that
 * accepts one) is its own credential and has no session to prove again.
 */
export const RecentAuthentication = () => SetMetadata(RECENT_AUTHENTICATION, true);

/** When the request's session last proved its account (ms), if it has a session. */
export function lastAuthenticatedAt(session: { authenticatedAt?: number; reauthenticatedAt?: number } | undefined): number {
  return Math.max(session?.authenticatedAt ?? 0, session?.reauthenticatedAt ?? 0);
}
