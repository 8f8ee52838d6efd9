import { memberKeys } from '../../../api/members';

// Query keys of organizations (TkDodo style): invalidate by prefix after a mutation.
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  details: () => [...organizationKeys.all, 'detail'] as const,
  detail: (organizationId: string) => [...organizationKeys.details(), organizationId] as const,
  stats: (organizationId: string) => [...organizationKeys.detail(organizationId), 'stats'] as const,
  members: memberKeys.list,
  invitations: (organizationId: string) => [...organizationKeys.detail(organizationId), 'invitations'] as const,
  policy: (organizationId: string) => [...organizationKeys.detail(organizationId), 'verification-policy'] as const,
  /** The signed-in user's own invitations, to accept or decline. */
  received: () => [...organizationKeys.all, 'received-invitations'] as const,
};
