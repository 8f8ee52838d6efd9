import { useQuery } from '@tanstack/react-query';

import { useAuth } from '../lib/auth';
import type { OrganizationDetailsDto } from './generated/types.gen';
import { organizationsGet } from './sdk';

/** Whether the caller manages the organization (owner, admin, super-admin): shares views, edits tags. */
export function useManagesOrganization(organizationId: string): boolean {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: ['applicants', 'organization-role', organizationId],
    queryFn: async (): Promise<OrganizationDetailsDto> => (await organizationsGet({ path: { id: organizationId } })).data,
  });
  return data?.role === 'owner' || data?.role === 'super-admin' || user?.role === 'admin' || user?.role === 'super-admin';
}
