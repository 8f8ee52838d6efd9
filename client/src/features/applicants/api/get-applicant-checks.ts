import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '../../../api/client';
import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { applicantChecksList } from '../../../api/sdk';
import { useAuth } from '../../../lib/auth';

/** The automatic prechecks run on submission; none when the server has none to show (404). */
export async function getApplicantChecks(organizationId: string, userId: string, signal?: AbortSignal): Promise<ApplicantCheckDto[]> {
  try {
    const { data } = await applicantChecksList({ path: { id: organizationId, userId }, signal });
    return data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const applicantChecksQueryOptions = (organizationId: string, userId: string) =>
  queryOptions({
    queryKey: applicantKeys.checks(organizationId, userId),
    queryFn: ({ signal }) => getApplicantChecks(organizationId, userId, signal),
  });

export function useApplicantChecks(organizationId: string, userId: string) {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...applicantChecksQueryOptions(organizationId, userId), enabled: isAuthenticated });
}
