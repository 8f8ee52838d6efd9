import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

import { currentUserQueryOptions } from '../api/current-user';
import { userKeys } from '../api/query-keys';

/**
 * After the server ended the session (logout, password change, account deletion), drop
 * every cached query — nothing of the previous account may survive — and ask the server
 * again who this is (spec §4: "clears all cached data, then reloads the current user").
 *
 * With `to`, the signed-in area is left first, so its guard does not bounce the visitor
 * through /login on the way. Without it the visitor stays put and the guard of the
 * protected page sends them to /login once the current user comes back empty.
 */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(
    async (to?: string) => {
      // flushSync: the old page must be gone before its queries are dropped, or its
      // still-mounted observers would build them again.
      if (to !== undefined) await navigate(to, { replace: true, flushSync: true });
      const meHash = hashKey(userKeys.me());
      queryClient.getMutationCache().clear();
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
      // Reset rather than remove: the mounted header and guards keep observing this query,
      // and a reset refetches it for them; with nobody observing, fetch it here.
      await queryClient.resetQueries({ queryKey: userKeys.me(), exact: true });
      if (queryClient.getQueryData(userKeys.me()) === undefined) {
        await queryClient.prefetchQuery(currentUserQueryOptions());
      }
    },
    [navigate, queryClient],
  );
}
