import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApplicantChangeDto, ApplicantDetailsDto, HoldApplicantDto, RejectApplicantDto } from '../../../api/generated/types.gen';
import { applicantsApprove, applicantsHold, applicantsReject, applicantsReset } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';
import { reloadIfApplicantChanged } from './applicant-changed';

/**
 * What staff can do to an applicant from its details screen, with the applicant's
 * `version` they were shown: a stale one is refused (409 APPLICANT_CHANGED).
 */
export type ReviewAction = { version: number } & (
  | { kind: 'reset'; reason: string }
  | { kind: 'approve' }
  | { kind: 'reject'; body: Omit<RejectApplicantDto, 'version'> }
  | { kind: 'hold'; body: Omit<HoldApplicantDto, 'version'> }
);

export async function reviewApplicant(organizationId: string, userId: string, action: ReviewAction): Promise<ApplicantChangeDto> {
  const path = { id: organizationId, userId };
  const { version } = action;
  switch (action.kind) {
    case 'reset':
      return (await applicantsReset({ path, body: { version, reason: action.reason } })).data;
    case 'approve':
      return (await applicantsApprove({ path, body: { version } })).data;
    case 'reject':
      return (await applicantsReject({ path, body: { ...action.body, version } })).data;
    case 'hold':
      return (await applicantsHold({ path, body: { ...action.body, version } })).data;
  }
}

/**
 * A reset clears identity, images and checks, so they load again (the spec's reload).
 * A decision answers the new summary, which replaces the cached one; only the
 * activity and the lists load again. When someone else changed the applicant first,
 * nothing happened: the details load again so the reviewer sees the latest state.
 */
export function useReviewApplicant(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ReviewAction) => reviewApplicant(organizationId, userId, action),
    onSuccess: (change, action) => {
      const detailKey = applicantKeys.detail(organizationId, userId);
      const lists = queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
      if (action.kind === 'reset') {
        // The checks went with the submission; the activity shows the reset and its reason.
        return Promise.all([
          lists,
          queryClient.invalidateQueries({ queryKey: detailKey }),
          queryClient.invalidateQueries({ queryKey: applicantKeys.checks(organizationId, userId) }),
          queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }),
        ]);
      }
      queryClient.setQueryData<ApplicantDetailsDto>(detailKey, (current) => (current ? { ...current, applicant: change.applicant } : current));
      return Promise.all([lists, queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) })]);
    },
    onError: (error) => {
      void reloadIfApplicantChanged(queryClient, error, organizationId, userId);
    },
  });
}
