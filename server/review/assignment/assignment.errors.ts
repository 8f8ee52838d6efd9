import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../../common/errors/app-error.js';

/** Errors of the work queue's assignment routes and its SLA filter. */
export const ASSIGNMENT_ERRORS = errorCatalogue('assignment', {
  ASSIGNEE_NOT_MEMBER: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Only a member of the organization can be assigned',
    description: '`userId` names no member (nor the owner) of the organization.',
  },
  SLA_NOT_SET: {
    status: HttpStatus.BAD_REQUEST,
    message: 'The organization has no SLA: a manager sets one in the review settings',
    description: '`sla=breached` asked of an organization whose review settings set no SLA (`slaHours` null).',
  },
});

export const assigneeNotMember = () => ASSIGNMENT_ERRORS.error('ASSIGNEE_NOT_MEMBER');
export const slaNotSet = () => ASSIGNMENT_ERRORS.error('SLA_NOT_SET');
