import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApplicantCheckDto, ReviewScreeningHitDto } from '../../../api/generated/types.gen';
import { screeningReviewsReview } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';

/** Marks one sanctions hit a true match or a false positive, with a note (audited); answers with the updated check. */
export async function reviewScreeningHit(organizationId: string, userId: string, body: ReviewScreeningHitDto): Promise<ApplicantCheckDto> {
  const { data } = await screeningReviewsReview({ path: { id: organizationId, userId }, body });
  return data;
}

/**
 * The review replaces the check in the list; the details and the activity load again,
 * since the organization's policy may decide on the applicant once its hits are resolved.
 */
export function useReviewScreeningHit(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewScreeningHitDto) => reviewScreeningHit(organizationId, userId, body),
    onSuccess: (check) => {
      queryClient.setQueryData<ApplicantCheckDto[]>(applicantKeys.checks(organizationId, userId), (checks) =>
        checks?.map((candidate) => (candidate.name === check.name ? check : candidate)),
      );
      return queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) });
    },
  });
}
