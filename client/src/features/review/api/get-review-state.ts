import { useQuery } from '@tanstack/react-query';

import type { ApplicantReviewStateDto } from '../../../api/generated/types.gen';
import { applicantDecisionsReview } from '../../../api/sdk';
import { decisionKeys } from './decision-keys';

/** The decision bar's state: four-eyes, a proposal awaiting review, the decision still undoable, earlier attempts. */
export function useReviewState(organizationId: string, userId: string) {
  return useQuery({
    queryKey: decisionKeys.review(organizationId, userId),
    queryFn: async ({ signal }): Promise<ApplicantReviewStateDto> => (await applicantDecisionsReview({ path: { id: organizationId, userId }, signal })).data,
  });
}
