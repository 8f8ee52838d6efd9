import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { OwnerCheckDto } from '../../../api/generated/types.gen';
import { accountKeys } from './account-keys';

export function getOwnerCheck(signal?: AbortSignal): Promise<OwnerCheckDto> {
  return api.get<OwnerCheckDto>('/api/organizations/owner-check', { signal });
}

/** Whether the signed-in user owns an organization (then the account cannot be deleted). */
export const ownerCheckQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.ownerCheck(),
    queryFn: ({ signal }) => getOwnerCheck(signal),
    staleTime: 0,
  });

export function useOwnerCheck() {
  return useQuery(ownerCheckQueryOptions());
}
