import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { LoginDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { authLogin } from '../../../api/sdk';

export async function login(body: LoginDto): Promise<UserDto> {
  const { data } = await authLogin({ body });
  return data;
}

/** Signs in, then refreshes the current user; the guest-only guard moves on to the dashboard. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}
