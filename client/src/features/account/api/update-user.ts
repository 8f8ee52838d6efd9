import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { UpdateUserDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';

export function updateUser(body: UpdateUserDto): Promise<UserDto> {
  return api.put<UserDto>('/api/users', body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
