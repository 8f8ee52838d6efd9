import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateUserDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { usersUpdate } from '../../../api/sdk';

export async function updateUser(body: UpdateUserDto): Promise<UserDto> {
  const { data } = await usersUpdate({ body });
  return data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
