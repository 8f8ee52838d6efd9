import { queryOptions } from '@tanstack/react-query';

import { CURRENT_USER_REFETCH_INTERVAL_MS } from '../config/constants';
import { isApiError } from './client';
import type { CurrentUserDto, RoleName } from './generated/types.gen';
import { userKeys } from './query-keys';
import { usersMe } from './sdk';

export type Role = RoleName;
export type CurrentUser = CurrentUserDto;

/** Resolves to null for a signed-out visitor: 401/403 is an answer, not an error (spec §8). */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    const { data } = await usersMe({ signal });
    return data;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** A signed-out visitor (last answer 401/403) has nothing to refresh; signing in invalidates the key. */
export function currentUserRefetchInterval(data: CurrentUser | null | undefined): number | false {
  return data === null ? false : CURRENT_USER_REFETCH_INTERVAL_MS;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => getCurrentUser(signal),
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => currentUserRefetchInterval(query.state.data),
  });
