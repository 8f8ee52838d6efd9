import { applicantKeys } from '../../../api/query-keys';

// Keys of the decision bar's and the notes panel's reads, under the applicant's detail key
// (a reset, which loads the details again, loads them again too).
export const decisionKeys = {
  review: (organizationId: string, userId: string) => [...applicantKeys.detail(organizationId, userId), 'review'] as const,
  notes: (organizationId: string, userId: string) => [...applicantKeys.detail(organizationId, userId), 'notes'] as const,
  labels: (organizationId: string) => [...applicantKeys.all, 'decision-labels', organizationId] as const,
};
