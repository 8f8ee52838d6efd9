import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../../common/errors/app-error.js';

/** Structured decisions: labels, undo, four-eyes and resubmission requests. */
export const DECISION_ERRORS = errorCatalogue('decisions', {
  LABEL_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Decision label not found' },
  LABEL_KIND_MISMATCH: {
    status: HttpStatus.BAD_REQUEST,
    message: 'This label is not for this kind of decision',
    description: 'A rejection takes a `reject` label, a hold a `hold` label, a resubmission request a `resubmission` label.',
  },
  LABEL_ARCHIVED: { status: HttpStatus.BAD_REQUEST, message: 'This label is archived; choose another one' },
  LABEL_CODE_TAKEN: { status: HttpStatus.CONFLICT, message: 'Another label of this organization already has this code' },
  REASON_OR_LABEL_REQUIRED: {
    status: HttpStatus.BAD_REQUEST,
    message: 'A rejection needs a labelId, or a reason and a rejectType',
    description: 'Old integrators send `reason` and `rejectType`; the back-office sends `labelId` (and an optional internal `note`).',
  },
  MANAGERS_ONLY: { status: HttpStatus.FORBIDDEN, message: 'Only the owner or an administrator changes the review settings' },
  DECISION_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Decision not found (or it cannot be undone)' },
  UNDO_WINDOW_OVER: {
    status: HttpStatus.CONFLICT,
    message: 'The undo window of this decision is over',
    description: 'A decision can be undone only within `undoWindowSeconds` of being made; it has been sent since.',
  },
  DECISION_ALREADY_UNDONE: { status: HttpStatus.CONFLICT, message: 'This decision was already undone' },
  DECISION_SUPERSEDED: { status: HttpStatus.CONFLICT, message: 'The applicant changed after this decision; it can no longer be undone' },
  UNDO_NOT_ALLOWED: { status: HttpStatus.FORBIDDEN, message: 'Only the reviewer who decided, the owner or an administrator may undo a decision' },
  DECISION_PENDING: {
    status: HttpStatus.CONFLICT,
    message: 'A decision on this applicant is awaiting a second review',
    description: 'Four-eyes: confirm or decline the proposed decision first.',
  },
  PROPOSAL_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'No decision on this applicant is awaiting a second review' },
  SAME_REVIEWER: {
    status: HttpStatus.FORBIDDEN,
    message: 'A second reviewer must confirm this decision',
    description: 'Four-eyes: the reviewer who proposed a decision cannot confirm it.',
  },
  NOT_SUBMITTED: {
    status: HttpStatus.CONFLICT,
    message: 'This applicant has not submitted a verification yet',
    description: 'A resubmission can be requested only of a submitted verification.',
  },
  STEP_NOT_APPLICABLE: {
    status: HttpStatus.BAD_REQUEST,
    message: 'This document type has no back side',
    description: 'A resubmission of `document-back` needs a document type with a back side.',
  },
  STEP_NOT_REQUESTED: {
    status: HttpStatus.CONFLICT,
    message: 'Only the step asked for may be redone',
    description: 'After a resubmission request the verification page takes only the photo or data of the step asked for.',
  },
  OVERRIDE_REASON_REQUIRED: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Approving past flagged checks needs a written override reason',
    description:
      'The applicant has risks (`risk.risks` of GET …/review: a check failed or needing review, a sanctions hit, a duplicate or blocklisted face, a document liveness or injection signal); send `overrideReason` to approve past them.',
  },
  FIELDS_NEED_PERSONAL_DATA: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Fields to correct go with a resubmission of the personal data',
    description: '`fields` names what the end user should correct on the personal-data form; send it only with `step: personal-data`.',
  },
  NOTE_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Note not found' },
  NOTE_LOCKED: {
    status: HttpStatus.FORBIDDEN,
    message: 'Only its author may change a note, within 15 minutes of writing it',
  },
});

export const labelNotFound = () => DECISION_ERRORS.error('LABEL_NOT_FOUND');
export const decisionNotFound = () => DECISION_ERRORS.error('DECISION_NOT_FOUND');
export const decisionPending = () => DECISION_ERRORS.error('DECISION_PENDING');
export const proposalNotFound = () => DECISION_ERRORS.error('PROPOSAL_NOT_FOUND');
