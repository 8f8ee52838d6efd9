import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { MemberDto } from '../../../api/generated/types.gen';
import { organizationKeys } from './query-keys';

export function getMembers(organizationId: string, signal?: AbortSignal): Promise<MemberDto[]> {
  return api.get<MemberDto[]>(`/api/projects/${encodeURIComponent(organizationId)}/members`, { signal });
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.members(organizationId),
    queryFn: ({ signal }) => getMembers(organizationId, signal),
  });

export function useMembers(organizationId: string) {
  return useQuery(membersQueryOptions(organizationId));
}
