import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ProjectDetailsDto } from '../../../api/generated/types.gen';
import { organizationKeys } from './query-keys';

export function getOrganization(organizationId: string, signal?: AbortSignal): Promise<ProjectDetailsDto> {
  return api.get<ProjectDetailsDto>(`/api/projects/${encodeURIComponent(organizationId)}`, { signal });
}

export const organizationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.detail(organizationId),
    queryFn: ({ signal }) => getOrganization(organizationId, signal),
  });

export function useOrganization(organizationId: string) {
  return useQuery(organizationQueryOptions(organizationId));
}
