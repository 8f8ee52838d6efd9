import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ProjectDto } from '../../../api/generated/types.gen';
import { organizationKeys } from './query-keys';

export function getOrganizations(signal?: AbortSignal): Promise<ProjectDto[]> {
  return api.get<ProjectDto[]>('/api/projects', { signal });
}

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.lists(),
    queryFn: ({ signal }) => getOrganizations(signal),
  });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
