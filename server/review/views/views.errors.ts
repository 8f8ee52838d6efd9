import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../../common/errors/app-error.js';

/** Errors of the saved views of the applicants list. */
export const VIEW_ERRORS = errorCatalogue('views', {
  VIEW_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Saved view not found' },
  VIEW_SHARE_MANAGERS_ONLY: { status: HttpStatus.FORBIDDEN, message: 'Only the owner or an admin shares views with the organization, or deletes shared ones' },
  VIEW_LIMIT_REACHED: { status: HttpStatus.BAD_REQUEST, message: 'Too many saved views', description: 'At most 50 views per person and organization.' },
});

export const viewNotFound = () => VIEW_ERRORS.error('VIEW_NOT_FOUND');
export const viewShareManagersOnly = () => VIEW_ERRORS.error('VIEW_SHARE_MANAGERS_ONLY');
export const viewLimitReached = () => VIEW_ERRORS.error('VIEW_LIMIT_REACHED');
