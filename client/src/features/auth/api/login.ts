import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { LoginDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';

export function login(body: LoginDto): Promise<UserDto> {
  return api.post<UserDto>('/api/auth/login', body);
}

/** Signs in, then refreshes the current user; the guest-only guard moves on to the dashboard. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}
