import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MemberDto } from './generated/types.gen';
import { membersList } from './sdk';

// Shared by the members screen and every filter or picker that names a member (the Activity screen, assignment).
// Under the organization's detail key, so invalidating an organization refreshes its members too.
export const memberKeys = {
  list: (organizationId: string) => ['organizations', 'detail', organizationId, 'members'] as const,
};

export async function getMembers(organizationId: string, signal?: AbortSignal): Promise<MemberDto[]> {
  const { data } = await membersList({ path: { id: organizationId }, signal });
  return data;
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: memberKeys.list(organizationId),
    queryFn: ({ signal }) => getMembers(organizationId, signal),
  });

export function useMembers(organizationId: string) {
  return useQuery(membersQueryOptions(organizationId));
}
