import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of applicants and their lifecycle, with its stable code. */
export const APPLICANT_ERRORS = errorCatalogue('applicants', {
  APPLICANT_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Applicant not found' },
  IMAGE_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Image not found' },
  APPLICANT_CHANGED: {
    status: HttpStatus.CONFLICT,
    message: 'Someone else changed this applicant in the meantime; reload it and try again',
    description: "The `version` sent with a change is not the applicant's current one: nothing was changed.",
  },
  STATUS_IS_A_DECISION: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Completed and on hold are decisions: approve, reject or hold the applicant instead',
    description:
      "The staff edit (PUT …/applicants/:userId) does not set kycStatus completed or onHold: those go through POST …/approve, …/reject and …/hold, under the organization's four-eyes rule, undo window and labels.",
  },
  APPLICANT_ALREADY_SUBMITTED: {
    status: HttpStatus.CONFLICT,
    message: 'This verification was already submitted',
    description: 'The verification page may change an applicant only before submission, or after a rejection asking to resubmit.',
  },
  VERIFICATION_INCOMPLETE: {
    status: HttpStatus.BAD_REQUEST,
    message: 'The verification is not complete yet',
    description: 'Submission without every photo and required field; `message` names what is missing.',
  },
  DOCUMENT_SIDE_INVALID: { status: HttpStatus.BAD_REQUEST, message: 'This document type has no such side' },
  FACE_NOT_ANALYSED: {
    status: HttpStatus.CONFLICT,
    message: 'This applicant has no analysed selfie face to blocklist',
    description: 'The face analysis of a submission stores the selfie face; until it has found one there is nothing to list.',
  },
  FACE_ALREADY_BLOCKLISTED: { status: HttpStatus.CONFLICT, message: "This applicant's face is already on the blocklist" },
  FACE_NOT_BLOCKLISTED: { status: HttpStatus.NOT_FOUND, message: "This applicant's face is not on the blocklist" },
  APPLICANT_ERASURE_FORBIDDEN: {
    status: HttpStatus.FORBIDDEN,
    message: 'Only the organization owner or an administrator may erase an applicant or change its legal hold',
  },
  APPLICANT_ON_LEGAL_HOLD: {
    status: HttpStatus.CONFLICT,
    message: 'This applicant is on legal hold: lift the hold before erasing it',
  },
  LEGAL_HOLD_ALREADY_PLACED: { status: HttpStatus.CONFLICT, message: 'This applicant is already on legal hold' },
  LEGAL_HOLD_NOT_PLACED: { status: HttpStatus.CONFLICT, message: 'This applicant is not on legal hold' },
  ERASURE_NOT_CONFIRMED: {
    status: HttpStatus.BAD_REQUEST,
    message: "confirmUserId is not this applicant's userId: nothing was erased",
  },
  LIST_READ_TOO_SLOW: {
    status: HttpStatus.SERVICE_UNAVAILABLE,
    message: 'This list took too long to read: narrow the search (an organization, a longer search text, filters) or ask for an earlier page',
    description:
      'A long read of the applicants list (a search, a filtered count, a deep page, the list across organizations) ran past its time budget (LONG_READ_BUDGET_MS, 10 s): answered at once rather than held, the read given up (cancelled on PostgreSQL). Narrow the request and ask again.',
  },
  SCREENING_HIT_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    message: 'This applicant has no such sanctions hit',
    description: 'The hit is named by `<list>:<id>` as the `sanctions-screening` check lists it; a new screening may have replaced it.',
  },
});

export const applicantNotFound = () => APPLICANT_ERRORS.error('APPLICANT_NOT_FOUND');
export const screeningHitNotFound = () => APPLICANT_ERRORS.error('SCREENING_HIT_NOT_FOUND');
export const listReadTooSlow = () => APPLICANT_ERRORS.error('LIST_READ_TOO_SLOW');
export const imageNotFound = () => APPLICANT_ERRORS.error('IMAGE_NOT_FOUND');
export const applicantChanged = () => APPLICANT_ERRORS.error('APPLICANT_CHANGED');
export const alreadySubmitted = () => APPLICANT_ERRORS.error('APPLICANT_ALREADY_SUBMITTED');
export const verificationIncomplete = (missing: string[]) =>
  APPLICANT_ERRORS.error('VERIFICATION_INCOMPLETE', `The verification is not complete yet: ${missing.join(', ')}`);
export const documentSideInvalid = (documentType: string, side: string) =>
  APPLICANT_ERRORS.error('DOCUMENT_SIDE_INVALID', `A ${documentType} has no ${side} side`);
