import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OrganizationDto } from '../../../api/generated/types.gen';
import { organizationsList } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function getOrganizations(signal?: AbortSignal): Promise<OrganizationDto[]> {
  const { data } = await organizationsList({ signal });
  return data;
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.lists(),
    queryFn: ({ signal }) => getOrganizations(signal),
  });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
