import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OrganizationStatsDto } from '../../../api/generated/types.gen';
import { organizationStatsGet } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function getOrganizationStats(organizationId: string, signal?: AbortSignal): Promise<OrganizationStatsDto> {
  const { data } = await organizationStatsGet({ path: { id: organizationId }, signal });
  return data;
}

export const organizationStatsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.stats(organizationId),
    queryFn: ({ signal }) => getOrganizationStats(organizationId, signal),
    // Reviews happen on other screens (and by other people): count afresh on every visit.
    staleTime: 0,
  });

/** While submissions are being analysed, counts are fetched again every few seconds. */
export function useOrganizationStats(organizationId: string) {
  return useQuery({
    ...organizationStatsQueryOptions(organizationId),
    refetchInterval: (query) => {
      const backlog = query.state.data?.analysis;
      return backlog && backlog.queued + backlog.running > 0 ? 5000 : false;
    },
  });
}
