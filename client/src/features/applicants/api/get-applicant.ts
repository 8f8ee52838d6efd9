import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ApplicantDetailsDto, ApplicantSummaryDto, IdentityDto } from '../../../api/generated/types.gen';
import { useAuth } from '../../../lib/auth';
import { applicantKeys, applicantPath } from './query-keys';

// The generator drops `null` from nullable enums (OpenAPI 3.0 `nullable` + `enum`),
// but the server does send null for these until they are set.
export type Identity = Omit<IdentityDto, 'sex' | 'maritalStatus'> & {
  sex: IdentityDto['sex'] | null;
  maritalStatus: IdentityDto['maritalStatus'] | null;
};
export type ApplicantSummary = Omit<ApplicantSummaryDto, 'reviewAnswer' | 'rejectType'> & {
  reviewAnswer: ApplicantSummaryDto['reviewAnswer'] | null;
  rejectType: ApplicantSummaryDto['rejectType'] | null;
};
export interface ApplicantDetails extends Omit<ApplicantDetailsDto, 'applicant' | 'identity'> {
  applicant: ApplicantSummary;
  identity: Identity;
}

export function getApplicant(organizationId: string, userId: string, signal?: AbortSignal): Promise<ApplicantDetails> {
  return api.get<ApplicantDetails>(applicantPath(organizationId, userId), { signal });
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
