import type { OrganizationActivityListData } from '../../../api/generated/types.gen';
import { APPLICANTS_ROOT_KEY } from '../../../api/query-keys';
import type { ApplicantListQuery } from '../lib/list-params';

// Query keys of applicants (TkDodo style): invalidate by prefix after a mutation.
export const applicantKeys = {
  all: APPLICANTS_ROOT_KEY,
  lists: () => [...applicantKeys.all, 'list'] as const,
  list: (organizationId: string, query: ApplicantListQuery) => [...applicantKeys.lists(), organizationId, query] as const,
  details: () => [...applicantKeys.all, 'detail'] as const,
  detail: (organizationId: string, userId: string) => [...applicantKeys.details(), organizationId, userId] as const,
  activities: (organizationId: string, userId: string) => [...applicantKeys.detail(organizationId, userId), 'activity'] as const,
  activity: (organizationId: string, userId: string, page: number) => [...applicantKeys.activities(organizationId, userId), page] as const,
  /** The organization-wide Activity screen (its audit trail, filtered). */
  organizationActivity: (organizationId: string, query: OrganizationActivityListData['query']) =>
    [...applicantKeys.all, 'organization-activity', organizationId, query] as const,
  checks: (organizationId: string, userId: string) => [...applicantKeys.detail(organizationId, userId), 'checks'] as const,
};
