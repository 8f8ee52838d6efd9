import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, isApiError } from '../../../api/client';
import { useAuth } from '../../../lib/auth';
import { applicantKeys, applicantPath } from './query-keys';

/** One automatic precheck run on submission (server/kyc prechecks). */
export interface ApplicantCheck {
  name: string;
  passed: boolean;
  detail: string;
  createdAt?: string;
}

function isCheck(value: unknown): value is ApplicantCheck {
  if (typeof value !== 'object' || value === null) return false;
  const check = value as Record<string, unknown>;
  return typeof check.name === 'string' && typeof check.passed === 'boolean';
}

/** Accepts a plain list or a list under `items`/`checks`, whichever the route settles on. */
export function readChecks(body: unknown): ApplicantCheck[] {
  const list =
    Array.isArray(body)
      ? body
      : typeof body === 'object' && body !== null
        ? ((body as { items?: unknown; checks?: unknown }).items ?? (body as { checks?: unknown }).checks)
        : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(isCheck).map((check) => ({ ...check, detail: typeof check.detail === 'string' ? check.detail : '' }));
}

/** The checks, or an empty list where the server has no checks route (404). */
export async function getApplicantChecks(
  organizationId: string,
  userId: string,
  signal?: AbortSignal,
): Promise<ApplicantCheck[]> {
  try {
    return readChecks(await api.get<unknown>(`${applicantPath(organizationId, userId)}/checks`, { signal }));
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
