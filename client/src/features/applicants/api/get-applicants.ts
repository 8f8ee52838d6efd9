import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { ApplicantPageDto } from '../../../api/generated/types.gen';
import { applicantsList } from '../../../api/sdk';
import { useAuth } from '../../../lib/auth';
import type { ApplicantListQuery } from '../lib/list-params';
import { applicantListKeys } from './query-keys';

/** A page together with the query that produced it, so row numbers follow the rows shown. */
export type ApplicantPage = ApplicantPageDto & { query: ApplicantListQuery };

export async function getApplicants(organizationId: string, query: ApplicantListQuery, signal?: AbortSignal): Promise<ApplicantPage> {
  const { data } = await applicantsList({ path: { id: organizationId }, query, signal });
  return { ...data, query };
}

export const applicantsQueryOptions = (organizationId: string, query: ApplicantListQuery) =>
  queryOptions({
    queryKey: applicantListKeys.list(organizationId, query),
    queryFn: ({ signal }) => getApplicants(organizationId, query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** Spec §6: applicant queries run only for a signed-in user. */
export function useApplicants(organizationId: string, query: ApplicantListQuery) {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...applicantsQueryOptions(organizationId, query), enabled: isAuthenticated });
}
