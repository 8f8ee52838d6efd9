import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RoleDto, UpdateRolesDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
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
      // The signed-in account carries its role's rights: a saved matrix may change them.
      await Promise.all([queryClient.invalidateQueries({ queryKey: roleKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.me() })]);
    },
  });
}
