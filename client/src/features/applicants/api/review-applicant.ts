import { useMutation, useQueryClient } from '@tanstack/react-query';

import type {
  ApplicantChangeDto,
  ApplicantDetailsDto,
  HoldApplicantDto,
  RejectApplicantDto,
} from '../../../api/generated/types.gen';
import { applicantsApprove, applicantsHold, applicantsReject, applicantsReset } from '../../../api/sdk';
import { applicantKeys } from './query-keys';

/** What staff can do to an applicant from its details screen. */
export type ReviewAction =
  | { kind: 'reset' }
  | { kind: 'approve' }
  | { kind: 'reject'; body: RejectApplicantDto }
  | { kind: 'hold'; body: HoldApplicantDto };

export async function reviewApplicant(
  organizationId: string,
  userId: string,
  action: ReviewAction,
): Promise<ApplicantChangeDto> {
  const path = { id: organizationId, userId };
  switch (action.kind) {
    case 'reset':
      return (await applicantsReset({ path, body: {}, throwOnError: true })).data;
    case 'approve':
      return (await applicantsApprove({ path, body: {}, throwOnError: true })).data;
    case 'reject':
      return (await applicantsReject({ path, body: action.body, throwOnError: true })).data;
    case 'hold':
      return (await applicantsHold({ path, body: action.body, throwOnError: true })).data;
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
      queryClient.setQueryData<ApplicantDetailsDto>(detailKey, (current) =>
        current ? { ...current, applicant: change.applicant } : current,
      );
      return Promise.all([
        lists,
        queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }),
      ]);
    },
  });
}
