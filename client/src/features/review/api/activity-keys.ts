import type { OrganizationActivityListData } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';

// Keys of the activity reads: an applicant's (under its detail key, so a change to it loads them again)
// and the organization's Activity screen.
export const activityKeys = {
  applicant: (organizationId: string, userId: string, page: number) => [...applicantKeys.activities(organizationId, userId), page] as const,
  /** The organization-wide Activity screen (its audit trail, filtered). */
  organization: (organizationId: string, query: OrganizationActivityListData['query']) =>
    [...applicantKeys.all, 'organization-activity', organizationId, query] as const,
};
