import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApplicantDetailsDto } from '../../../api/generated/types.gen';
import { applicantsDetails } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';
import { useAuth } from '../../../lib/auth';

export async function getApplicant(organizationId: string, userId: string, signal?: AbortSignal): Promise<ApplicantDetailsDto> {
  const { data } = await applicantsDetails({ path: { id: organizationId, userId }, signal });
  return data;
}

export const applicantQueryOptions = (organizationId: string, userId: string) =>
  queryOptions({
    queryKey: applicantKeys.detail(organizationId, userId),
    queryFn: ({ signal }) => getApplicant(organizationId, userId, signal),
    // Every read is recorded as a view in the audit trail: no extra reads on window focus.
    refetchOnWindowFocus: false,
  });

/** Runs only with an id and a signed-in user (spec §7). */
export function useApplicant(organizationId: string, userId: string | undefined) {
  const { isAuthenticated } = useAuth();
  return useQuery({
    ...applicantQueryOptions(organizationId, userId ?? ''),
    enabled: isAuthenticated && Boolean(userId),
  });
}
