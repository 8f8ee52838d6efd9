import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';

/** Every error message of organizations and their members, in one place. */
export const PROJECT_MESSAGES = {
  organizationNotFound: 'Organization not found',
  userNotFound: 'No user with that username or e-mail',
  alreadyMember: 'That user is already a member of this organization',
  alreadyOwner: 'That user owns this organization',
  memberNotFound: 'Member not found',
  ownerOnly: 'Only the owner of the organization can manage its members',
  ownerCannotBeRemoved: 'The owner of an organization cannot be removed from it',
} as const;

/** Also the answer for organizations the caller may not see: no existence oracle. */
export const organizationNotFound = () => new NotFoundException(PROJECT_MESSAGES.organizationNotFound);
export const userNotFound = () => new NotFoundException(PROJECT_MESSAGES.userNotFound);
export const memberNotFound = () => new NotFoundException(PROJECT_MESSAGES.memberNotFound);
export const alreadyMember = () => new ConflictException(PROJECT_MESSAGES.alreadyMember);
export const alreadyOwner = () => new ConflictException(PROJECT_MESSAGES.alreadyOwner);
export const ownerOnly = () => new ForbiddenException(PROJECT_MESSAGES.ownerOnly);
export const ownerCannotBeRemoved = () => new ConflictException(PROJECT_MESSAGES.ownerCannotBeRemoved);
