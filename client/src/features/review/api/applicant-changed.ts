import type { QueryClient } from '@tanstack/react-query';

import { hasErrorCode } from '../../../api/client';
import { applicantKeys } from '../../../api/query-keys';

/**
 * 409 APPLICANT_CHANGED: the `version` sent with a change is not the applicant's current
 * one — someone changed it since the reviewer loaded it — and nothing was changed.
 */
export function isApplicantChanged(error: unknown): boolean {
  return hasErrorCode(error, 'APPLICANT_CHANGED', 409);
}

/** After APPLICANT_CHANGED, loads the applicant (and its activity) again so the reviewer sees the latest state. */
export async function reloadIfApplicantChanged(queryClient: QueryClient, error: unknown, organizationId: string, userId: string): Promise<void> {
  if (!isApplicantChanged(error)) return;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) }),
    queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
  ]);
}
