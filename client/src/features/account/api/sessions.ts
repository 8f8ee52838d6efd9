import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { sessionsList, sessionsRevoke, sessionsRevokeOthers } from '../../../api/sdk';
import { accountKeys } from './account-keys';

export function useActiveSessions() {
  return useQuery({
    queryKey: accountKeys.sessions(),
    queryFn: async () => (await sessionsList()).data,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await sessionsRevoke({ path: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await sessionsRevokeOthers();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
