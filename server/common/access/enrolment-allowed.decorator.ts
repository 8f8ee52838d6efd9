import { SetMetadata } from '@nestjs/common';

export const ENROLMENT_ALLOWED = 'enrolmentAllowed';

/**
 * Reachable by an account that must set up two-factor sign-in and has not yet: who it
 * is, the Security page's second-factor routes and sign-out. Every other route answers
 * 403 TWO_FACTOR_ENROLMENT_REQUIRED to it.
 */
export const EnrolmentAllowed = () => SetMetadata(ENROLMENT_ALLOWED, true);
