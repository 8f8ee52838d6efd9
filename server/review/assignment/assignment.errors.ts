import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../../common/errors/app-error.js';

/** Errors of the work queue's assignment routes. */
export const ASSIGNMENT_ERRORS = errorCatalogue('assignment', {
  ASSIGNEE_NOT_MEMBER: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Only a member of the organization can be assigned',
    description: '`userId` names no member (nor the owner) of the organization.',
  },
});

export const assigneeNotMember = () => ASSIGNMENT_ERRORS.error('ASSIGNEE_NOT_MEMBER');
