import { queryOptions, useQuery } from '@tanstack/react-query';

import type { MemberDto } from '../../../api/generated/types.gen';
import { membersList } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function getMembers(organizationId: string, signal?: AbortSignal): Promise<MemberDto[]> {
  const { data } = await membersList({ path: { id: organizationId }, signal, throwOnError: true });
  return data;
}

export const membersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.members(organizationId),
    queryFn: ({ signal }) => getMembers(organizationId, signal),
  });

export function useMembers(organizationId: string) {
  return useQuery(membersQueryOptions(organizationId));
}
