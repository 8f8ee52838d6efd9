import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OrganizationDetailsDto, RetentionPolicyDto, RetentionRunDto } from '../../../api/generated/types.gen';
import { APPLICANTS_ROOT_KEY } from '../../../api/query-keys';
import { organizationsSetRetentionPolicy, retentionApply } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

/** organizationsSetRetentionPolicy: how long applicants' data is kept (owner or super-admin). */
export function useUpdateRetentionPolicy(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RetentionPolicyDto): Promise<RetentionPolicyDto> =>
      (await organizationsSetRetentionPolicy({ path: { id: organizationId }, body })).data,
    onSuccess: (saved) =>
      queryClient.setQueryData<OrganizationDetailsDto>(organizationKeys.detail(organizationId), (organization) =>
        organization ? { ...organization, retentionPolicy: saved } : organization,
      ),
  });
}

/** retentionApply: the saved policy applied now rather than at the next hourly run. */
export function useApplyRetentionPolicy(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<RetentionRunDto> => (await retentionApply({ path: { id: organizationId } })).data,
    // Applicants lost photos or were erased: lists and details show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICANTS_ROOT_KEY }),
  });
}
