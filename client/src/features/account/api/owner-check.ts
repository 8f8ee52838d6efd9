import { queryOptions, useQuery } from '@tanstack/react-query';

import type { OwnerCheckDto } from '../../../api/generated/types.gen';
import { organizationsOwnerCheck } from '../../../api/sdk';
import { accountKeys } from './account-keys';

export async function getOwnerCheck(signal?: AbortSignal): Promise<OwnerCheckDto> {
  const { data } = await organizationsOwnerCheck({ signal });
  return data;
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
