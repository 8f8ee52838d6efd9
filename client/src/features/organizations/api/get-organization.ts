import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { organizationsGet } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function getOrganization(organizationId: string, signal?: AbortSignal): Promise<OrganizationDetailsDto> {
  const { data } = await organizationsGet({ path: { id: organizationId }, signal });
  return data;
}

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(organizationId),
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(organizationId));
}
