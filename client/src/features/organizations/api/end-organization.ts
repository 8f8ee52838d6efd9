import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { organizationsRemove, organizationsTransferOwnership } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

/** Deletes the organization; `confirmName` must be its name, typed by the owner. */
export function useDeleteOrganization(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmName: string) => {
      await organizationsRemove({ path: { id: organizationId }, body: { confirmName } });
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: organizationKeys.detail(organizationId) });
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}

/**
 * Hands the organization to one of its members; the caller stays a member. `onTransferred`
 * runs with the mutation, not the screen: the screen that asked loses its controls once the
 * caller is no longer the owner.
 */
export function useTransferOwnership(organizationId: string, onTransferred: (organization: OrganizationDetailsDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string): Promise<OrganizationDetailsDto> => {
      const { data } = await organizationsTransferOwnership({ path: { id: organizationId }, body: { userId } });
      return data;
    },
    onSuccess: (organization) => {
      onTransferred(organization);
      queryClient.setQueryData(organizationKeys.detail(organizationId), organization);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
