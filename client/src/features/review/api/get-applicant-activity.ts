import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { AuditEventPageDto } from '../../../api/generated/types.gen';
import { applicantsActivity } from '../../../api/sdk';
import { useAuth } from '../../../lib/auth';
import { activityKeys } from './activity-keys';

export const ACTIVITY_PAGE_SIZE = 10;

export async function getApplicantActivity(organizationId: string, userId: string, page: number, signal?: AbortSignal): Promise<AuditEventPageDto> {
  const { data } = await applicantsActivity({
    path: { id: organizationId, userId },
    query: { page, pageSize: ACTIVITY_PAGE_SIZE },
    signal,
  });
  return data;
}

export const applicantActivityQueryOptions = (organizationId: string, userId: string, page: number) =>
  queryOptions({
    queryKey: activityKeys.applicant(organizationId, userId, page),
    queryFn: ({ signal }) => getApplicantActivity(organizationId, userId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useApplicantActivity(organizationId: string, userId: string, page: number) {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...applicantActivityQueryOptions(organizationId, userId, page), enabled: isAuthenticated });
}
