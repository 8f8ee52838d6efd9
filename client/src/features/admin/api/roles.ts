import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '../../../api/client';
import type { RoleDto } from '../../../api/generated/types.gen';
import { rolesList } from '../../../api/sdk';
import { ROLES_REFETCH_INTERVAL_MS } from '../../../config/constants';
import { roleKeys } from './role-keys';

export async function getRoles(signal?: AbortSignal): Promise<RoleDto[]> {
  const { data } = await rolesList({ signal });
  return data;
}

/** Spec §7/§9: never retried on 403, otherwise at most once. */
export function shouldRetryRoles(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status === 403) return false;
  return failureCount < 1;
}

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.lists(),
    queryFn: ({ signal }) => getRoles(signal),
    refetchInterval: ROLES_REFETCH_INTERVAL_MS,
    refetchOnWindowFocus: false,
    retry: shouldRetryRoles,
  });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}
