import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ProjectStatsDto } from '../../../api/generated/types.gen';
import { organizationKeys } from './query-keys';

export function getOrganizationStats(organizationId: string, signal?: AbortSignal): Promise<ProjectStatsDto> {
  return api.get<ProjectStatsDto>(`/api/projects/${encodeURIComponent(organizationId)}/stats`, { signal });
}

export const organizationStatsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.stats(organizationId),
    queryFn: ({ signal }) => getOrganizationStats(organizationId, signal),
    // Reviews happen on other screens (and by other people): count afresh on every visit.
    staleTime: 0,
  });

export function useOrganizationStats(organizationId: string) {
  return useQuery(organizationStatsQueryOptions(organizationId));
}
