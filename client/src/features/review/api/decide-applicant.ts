import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApplicantDetailsDto, DecisionResultDto, ResubmissionRequestDto } from '../../../api/generated/types.gen';
import {
  applicantDecisionsConfirm,
  applicantDecisionsDecline,
  applicantDecisionsRequestResubmission,
  applicantDecisionsUndo,
  applicantsApprove,
  applicantsHold,
  applicantsReject,
} from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';
import { reloadIfApplicantChanged } from './applicant-changed';
import { decisionKeys } from './decision-keys';

export type ResubmissionStep = 'document-front' | 'document-back' | 'selfie' | 'personal-data';
/** A field a personal-data resubmission may ask to correct. */
export type CorrectableField = NonNullable<ResubmissionRequestDto['fields']>[number];

/** Everything the decision bar does; each answers the applicant's new summary. */
export type DecisionAction =
  | { kind: 'approve'; version: number; note?: string; overrideReason?: string }
  | { kind: 'reject'; version: number; labelId: string; note?: string }
  | { kind: 'hold'; version: number; labelId: string; note?: string }
  | { kind: 'resubmission'; version: number; step: ResubmissionStep; labelId: string; note?: string; fields?: CorrectableField[] }
  | { kind: 'undo'; decisionId: string }
  | { kind: 'confirm'; proposalId: string }
  | { kind: 'decline'; proposalId: string };

export async function decideApplicant(organizationId: string, userId: string, action: DecisionAction): Promise<DecisionResultDto> {
  const path = { id: organizationId, userId };
  switch (action.kind) {
    case 'approve':
      return (await applicantsApprove({ path, body: { version: action.version, note: action.note, overrideReason: action.overrideReason } })).data;
    case 'reject':
      return (await applicantsReject({ path, body: { version: action.version, labelId: action.labelId, note: action.note } })).data;
    case 'hold':
      return (await applicantsHold({ path, body: { version: action.version, labelId: action.labelId, note: action.note } })).data;
    case 'resubmission':
      return (
        await applicantDecisionsRequestResubmission({
          path,
          body: { version: action.version, step: action.step, labelId: action.labelId, note: action.note, fields: action.fields },
        })
      ).data;
    case 'undo':
      return (await applicantDecisionsUndo({ path: { ...path, decisionId: action.decisionId } })).data;
    case 'confirm':
      return (await applicantDecisionsConfirm({ path: { ...path, proposalId: action.proposalId }, body: {} })).data;
    case 'decline':
      return (await applicantDecisionsDecline({ path: { ...path, proposalId: action.proposalId } })).data;
  }
}

/**
 * A decision answers the new summary, which replaces the cached one; the review state,
 * notes, activity and lists load again. After 409 APPLICANT_CHANGED the applicant loads again.
 */
export function useDecideApplicant(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: DecisionAction) => decideApplicant(organizationId, userId, action),
    onSuccess: (result) => {
      queryClient.setQueryData<ApplicantDetailsDto>(applicantKeys.detail(organizationId, userId), (current) =>
        current ? { ...current, applicant: result.applicant } : current,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.review(organizationId, userId) }),
        queryClient.invalidateQueries({ queryKey: decisionKeys.notes(organizationId, userId) }),
        queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }),
      ]);
    },
    onError: (error) => {
      void reloadIfApplicantChanged(queryClient, error, organizationId, userId);
    },
  });
}
