import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of a reviewer's "Screen now", with its stable code. */
export const SCREENING_ERRORS = errorCatalogue('applicant-screening', {
  NO_SANCTIONS_LIST: {
    status: HttpStatus.CONFLICT,
    message: 'No sanctions list is imported: a super-admin imports one on the Sanctions Lists page first',
    description: 'Screen now needs a list in force; once one is imported, every undecided and verified applicant is screened against it anyway.',
  },
  SCREENING_NOT_SUBMITTED: {
    status: HttpStatus.CONFLICT,
    message: 'This applicant has not submitted a verification to screen',
    description: 'Screening reads the identity of a submitted verification; an applicant on the verification page is screened when it submits.',
  },
  ALREADY_SCREENED: {
    status: HttpStatus.CONFLICT,
    message: 'This applicant was already screened against the sanctions lists',
    description:
      'Screen now is for an applicant never screened against a list (no check, or its last run found no list or could not run); a new list version screens the others again.',
  },
});
