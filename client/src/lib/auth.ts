import { useQuery } from '@tanstack/react-query';

import { currentUserQueryOptions, type CurrentUser } from '../api/current-user';

export interface AuthState {
  user: CurrentUser | null;
  /** True until the first answer to GET /api/users/me. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** A failure other than 401/403 (server down, 500 …). */
  error: Error | null;
}

export function useAuth(): AuthState {
  const { data, isPending, error } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return {
    user,
    isLoading: isPending && !error,
    isAuthenticated: user !== null && !error,
    error,
  };
}
