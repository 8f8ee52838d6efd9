import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ApplicantChangeDto, HoldApplicantDto, RejectApplicantDto } from '../../../api/generated/types.gen';
import type { ApplicantDetails } from './get-applicant';
import { applicantKeys, applicantPath } from './query-keys';

/** What staff can do to an applicant from its details screen. */
export type ReviewAction =
  | { kind: 'reset' }
  | { kind: 'approve' }
  | { kind: 'reject'; body: RejectApplicantDto }
  | { kind: 'hold'; body: HoldApplicantDto };

export function reviewApplicant(
  organizationId: string,
  userId: string,
  action: ReviewAction,
): Promise<ApplicantChangeDto> {
  const path = `${applicantPath(organizationId, userId)}/${action.kind}`;
  switch (action.kind) {
    case 'reset':
    case 'approve':
      return api.post<ApplicantChangeDto>(path);
    case 'reject':
    case 'hold':
      return api.post<ApplicantChangeDto>(path, action.body);
  }
}

/**
 * A reset clears identity and images, so the details load again (the spec's reload).
 * A decision answers the new summary, which replaces the cached one; only the
 * activity and the lists load again.
 */
export function useReviewApplicant(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReviewAction) => reviewApplicant(organizationId, userId, action),
    onSuccess: (change, action) => {
      const detailKey = applicantKeys.detail(organizationId, userId);
      const lists = queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
      if (action.kind === 'reset') {
        return Promise.all([lists, queryClient.invalidateQueries({ queryKey: detailKey })]);
      }
      queryClient.setQueryData<ApplicantDetails>(detailKey, (current) =>
        current ? { ...current, applicant: change.applicant } : current,
      );
      return Promise.all([
        lists,
        queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }),
      ]);
    },
  });
}
