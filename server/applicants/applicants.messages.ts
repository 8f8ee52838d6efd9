import { NotFoundException } from '@nestjs/common';

/** Every error message of the applicant routes, in one place. */
export const APPLICANT_MESSAGES = {
  applicantNotFound: 'Applicant not found',
  imageNotFound: 'Image not found',
} as const;

export const applicantNotFound = () => new NotFoundException(APPLICANT_MESSAGES.applicantNotFound);
export const imageNotFound = () => new NotFoundException(APPLICANT_MESSAGES.imageNotFound);
