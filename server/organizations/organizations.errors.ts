import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';

/** Every error of organizations and their members, with its stable code. */
export const ORGANIZATION_ERRORS = errorCatalogue('organizations', {
  ORGANIZATION_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    message: 'Organization not found',
    description: 'Also the answer for an organization the caller may not see: ids reveal nothing.',
  },
  MEMBER_ALREADY_ADDED: { status: HttpStatus.CONFLICT, message: 'That user is already a member of this organization' },
  MEMBER_IS_OWNER: { status: HttpStatus.CONFLICT, message: 'That user owns this organization' },
  MEMBER_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Member not found' },
  MEMBERS_OWNER_ONLY: { status: HttpStatus.FORBIDDEN, message: 'Only the owner of the organization can manage its members' },
  INVITATION_NOT_FOUND: {
    status: HttpStatus.NOT_FOUND,
    message: 'Invitation not found',
    description: 'Also the answer for an invitation that expired, was revoked, or is addressed to someone else.',
  },
  INVITATION_PENDING: {
    status: HttpStatus.CONFLICT,
    message: 'An invitation to that username or e-mail is already pending; revoke it to invite again',
  },
  INVITATIONS_TOO_MANY: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    message: 'Too many invitations sent; try again later',
    description: 'At most 30 invitations per inviting account and hour; Retry-After gives the seconds to wait.',
  },
  OWNER_NOT_REMOVABLE: { status: HttpStatus.CONFLICT, message: 'The owner of an organization cannot be removed from it' },
  ORGANIZATION_NAME_MISMATCH: {
    status: HttpStatus.BAD_REQUEST,
    message: "Type the organization's name exactly to delete it",
    description: 'The confirmation sent with a deletion is not the organization name.',
  },
  ORGANIZATION_HAS_LEGAL_HOLDS: {
    status: HttpStatus.CONFLICT,
    message: 'This organization has applicants on legal hold and cannot be deleted. Lift the holds first.',
    description: 'Deleting the organization would destroy applicants on legal hold; an owner must lift each hold (with its reason) first.',
  },
  NEW_OWNER_NOT_MEMBER: {
    status: HttpStatus.BAD_REQUEST,
    message: 'Ownership can only be transferred to a member of the organization',
  },
});

export const organizationNotFound = () => ORGANIZATION_ERRORS.error('ORGANIZATION_NOT_FOUND');
export const memberNotFound = () => ORGANIZATION_ERRORS.error('MEMBER_NOT_FOUND');
export const alreadyMember = () => ORGANIZATION_ERRORS.error('MEMBER_ALREADY_ADDED');
export const alreadyOwner = () => ORGANIZATION_ERRORS.error('MEMBER_IS_OWNER');
export const ownerOnly = () => ORGANIZATION_ERRORS.error('MEMBERS_OWNER_ONLY');
export const nameMismatch = () => ORGANIZATION_ERRORS.error('ORGANIZATION_NAME_MISMATCH');
export const newOwnerNotMember = () => ORGANIZATION_ERRORS.error('NEW_OWNER_NOT_MEMBER');
export const ownerCannotBeRemoved = () => ORGANIZATION_ERRORS.error('OWNER_NOT_REMOVABLE');
export const invitationNotFound = () => ORGANIZATION_ERRORS.error('INVITATION_NOT_FOUND');
export const invitationPending = () => ORGANIZATION_ERRORS.error('INVITATION_PENDING');
export const tooManyInvitations = (retryAfterSeconds: number) => ORGANIZATION_ERRORS.error('INVITATIONS_TOO_MANY').retryAfter(retryAfterSeconds);
