import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { organizationsSetTwoFactorRequirement } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

/** The owner (or a super-admin) requires two-factor sign-in of the organization's members. */
export function useUpdateTwoFactorRequirement(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requireTwoFactor: boolean) =>
      (await organizationsSetTwoFactorRequirement({ path: { id: organizationId }, body: { requireTwoFactor } })).data,
    onSuccess: (saved) =>
      queryClient.setQueryData<OrganizationDetailsDto>(organizationKeys.detail(organizationId), (organization) =>
        organization ? { ...organization, requireTwoFactor: saved.requireTwoFactor } : organization,
      ),
  });
}
