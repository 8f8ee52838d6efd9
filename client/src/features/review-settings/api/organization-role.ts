import { useQuery } from '@tanstack/react-query';

import type { OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { organizationsGet } from '../../../api/sdk';
import { reviewSettingsKeys } from './review-settings-keys';

/** The caller's role in the organization (owner, member or super-admin). */
export function useOrganizationRole(organizationId: string) {
  return useQuery({
    queryKey: [...reviewSettingsKeys.all, organizationId, 'role'],
    queryFn: async ({ signal }): Promise<OrganizationDetailsDto['role']> => (await organizationsGet({ path: { id: organizationId }, signal })).data.role,
  });
}
