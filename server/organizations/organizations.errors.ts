import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of organizations and their members, with its stable code. */
export const ORGANIZATION_ERRORS = errorCatalogue('organizations', {
  ORGANIZATION_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    message: 'Organization not found',
    description: 'Also the answer for an organization the caller may not see: ids reveal nothing.',
  },
  MEMBER_USER_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'No user with that username or e-mail' },
  MEMBER_ALREADY_ADDED: { status: HttpStatus.CONFLICT, message: 'That user is already a member of this organization' },
  MEMBER_IS_OWNER: { status: HttpStatus.CONFLICT, message: 'That user owns this organization' },
  MEMBER_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Member not found' },
  MEMBERS_OWNER_ONLY: { status: HttpStatus.FORBIDDEN, message: 'Only the owner of the organization can manage its members' },
  OWNER_NOT_REMOVABLE: { status: HttpStatus.CONFLICT, message: 'The owner of an organization cannot be removed from it' },
});

export const organizationNotFound = () => ORGANIZATION_ERRORS.error('ORGANIZATION_NOT_FOUND');
export const userNotFound = () => ORGANIZATION_ERRORS.error('MEMBER_USER_NOT_FOUND');
export const memberNotFound = () => ORGANIZATION_ERRORS.error('MEMBER_NOT_FOUND');
export const alreadyMember = () => ORGANIZATION_ERRORS.error('MEMBER_ALREADY_ADDED');
export const alreadyOwner = () => ORGANIZATION_ERRORS.error('MEMBER_IS_OWNER');
export const ownerOnly = () => ORGANIZATION_ERRORS.error('MEMBERS_OWNER_ONLY');
export const ownerCannotBeRemoved = () => ORGANIZATION_ERRORS.error('OWNER_NOT_REMOVABLE');
