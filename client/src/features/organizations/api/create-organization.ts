import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateOrganizationDto, OrganizationDto } from '../../../api/generated/types.gen';
import { organizationsCreate } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function createOrganization(body: CreateOrganizationDto): Promise<OrganizationDto> {
  const { data } = await organizationsCreate({ body });
  return data;
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
  });
}
