import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { AuditEventPageDto } from '../../../api/generated/types.gen';
import { useAuth } from '../../../lib/auth';
import { applicantKeys, applicantPath } from './query-keys';

export const ACTIVITY_PAGE_SIZE = 10;

export function getApplicantActivity(
  organizationId: string,
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<AuditEventPageDto> {
  return api.get<AuditEventPageDto>(`${applicantPath(organizationId, userId)}/activity`, {
    query: { page, pageSize: ACTIVITY_PAGE_SIZE },
    signal,
  });
}

export const applicantActivityQueryOptions = (organizationId: string, userId: string, page: number) =>
  queryOptions({
    queryKey: applicantKeys.activity(organizationId, userId, page),
    queryFn: ({ signal }) => getApplicantActivity(organizationId, userId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useApplicantActivity(organizationId: string, userId: string, page: number) {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...applicantActivityQueryOptions(organizationId, userId, page), enabled: isAuthenticated });
}
