import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RoleDto, UpdateRolesDto } from '../../../api/generated/types.gen';
import { rolesReplace } from '../../../api/sdk';
import { roleKeys } from './role-keys';

/** Replaces the whole matrix; 409 when an entry's version is stale (saved by someone else meanwhile). */
export async function updateRoles(body: UpdateRolesDto): Promise<RoleDto[]> {
  const { data } = await rolesReplace({ body });
  return data;
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
