import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import { organizationKeys } from './query-keys';

export function removeMember(organizationId: string, userId: string): Promise<void> {
  return api.delete<void>(
    `/api/projects/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(organizationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
}
