import type { CorrectableField, ResubmissionStep } from '../api/decide-applicant';

export const RESUBMISSION_STEP_LABELS: Record<ResubmissionStep, string> = {
  'document-front': 'Document front',
  'document-back': 'Document back',
  selfie: 'Selfie',
  'personal-data': 'Personal data',
};

/** The steps a reviewer may ask to redo; a passport has no back side. */
export function resubmissionSteps(documentType: string | null | undefined): ResubmissionStep[] {
  const hasBack = documentType !== 'PASSPORT';
  return ['document-front', ...(hasBack ? (['document-back'] as const) : []), 'selfie', 'personal-data'];
}

export const DECISION_VERBS: Record<string, string> = {
  approve: 'approve',
  reject: 'reject',
  hold: 'put on hold',
  resubmission: 'request a resubmission',
};

/** Whole seconds left until `until` (0 when past). */
export function secondsLeft(until: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000));
}

/** Approving past the applicant's risks (the review state's `risk.risks`) takes a written reason. */
export const OVERRIDE_REASON_REQUIRED = 'Say why you approve past these flags';

/** The fields a personal-data resubmission may ask the end user to correct, in the form's order. */
export const CORRECTABLE_FIELDS: readonly CorrectableField[] = [
  'name',
  'dateOfBirth',
  'sex',
  'placeOfBirth',
  'docNumber',
  'issuanceDate',
  'expiryDate',
  'country',
  'address',
  'issuedIn',
  'maritalStatus',
];
