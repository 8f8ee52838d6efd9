import type { ApplicantReviewStateDto, DecisionLabelDto } from '../../../api/generated/types.gen';

export const LABELS: DecisionLabelDto[] = [
  { id: 'label-expired', kind: 'reject', code: 'DOCUMENT_EXPIRED', title: 'Document expired', endUserText: 'Your document has expired.', archived: false },
  { id: 'label-old', kind: 'reject', code: 'OLD_REASON', title: 'Old reason', endUserText: 'Old.', archived: true },
  { id: 'label-check', kind: 'hold', code: 'ADDITIONAL_CHECK', title: 'Additional check needed', endUserText: 'We check more.', archived: false },
  { id: 'label-selfie', kind: 'resubmission', code: 'SELFIE_UNCLEAR', title: 'Selfie unclear', endUserText: 'Take the selfie again.', archived: false },
];

export function buildReviewState(overrides: Partial<ApplicantReviewStateDto> = {}): ApplicantReviewStateDto {
  return {
    fourEyes: 'off',
    approveWithoutConfirmation: false,
    undoWindowSeconds: 30,
    pendingDecision: null,
    undoableDecision: null,
    currentLabel: null,
    resubmissionStep: null,
    attempt: 1,
    earlierImages: [],
    risk: { level: 'low', risks: [], secondReviewerForOverrides: false },
    attempts: [{ attempt: 1, request: null, submittedAt: null, changedFields: [], changedPhotos: [] }],
    ...overrides,
  };
}
