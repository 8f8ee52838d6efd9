import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { RoleDto, UpdateRolesDto } from '../../../api/generated/types.gen';
import { roleKeys } from './role-keys';

/** Replaces the whole matrix; 409 when an entry's version is stale (saved by someone else meanwhile). */
export function updateRoles(body: UpdateRolesDto): Promise<RoleDto[]> {
  return api.put<RoleDto[]>('/api/roles', body);
}

export function useUpdateRoles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roles: RoleDto[]) => updateRoles({ data: roles }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(roleKeys.lists(), saved);
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
