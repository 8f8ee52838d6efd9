import { useMutation, useQueryClient } from '@tanstack/react-query';

import { membersRemove } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function removeMember(organizationId: string, userId: string): Promise<void> {
  await membersRemove({ path: { id: organizationId, userId } });
}

export function useRemoveMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(organizationId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
}
