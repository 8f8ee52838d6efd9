import { applicantKeys } from '../../../api/query-keys';
import type { ApplicantListQuery } from '../lib/list-params';

// The list's page key, under the shared applicant keys (api/query-keys.ts) that every change invalidates by prefix.
export const applicantListKeys = {
  list: (organizationId: string, query: ApplicantListQuery) => [...applicantKeys.lists(), organizationId, query] as const,
};
