import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';

/** Every error message of organizations and their members, in one place. */
export const ORGANIZATION_MESSAGES = {
  organizationNotFound: 'Organization not found',
  userNotFound: 'No user with that username or e-mail',
  alreadyMember: 'That user is already a member of this organization',
  alreadyOwner: 'That user owns this organization',
  memberNotFound: 'Member not found',
  ownerOnly: 'Only the owner of the organization can manage its members',
  ownerCannotBeRemoved: 'The owner of an organization cannot be removed from it',
} as const;

/** Also the answer for organizations the caller may not see: no existence oracle. */
export const organizationNotFound = () => new NotFoundException(ORGANIZATION_MESSAGES.organizationNotFound);
export const userNotFound = () => new NotFoundException(ORGANIZATION_MESSAGES.userNotFound);
export const memberNotFound = () => new NotFoundException(ORGANIZATION_MESSAGES.memberNotFound);
export const alreadyMember = () => new ConflictException(ORGANIZATION_MESSAGES.alreadyMember);
export const alreadyOwner = () => new ConflictException(ORGANIZATION_MESSAGES.alreadyOwner);
export const ownerOnly = () => new ForbiddenException(ORGANIZATION_MESSAGES.ownerOnly);
export const ownerCannotBeRemoved = () => new ConflictException(ORGANIZATION_MESSAGES.ownerCannotBeRemoved);
