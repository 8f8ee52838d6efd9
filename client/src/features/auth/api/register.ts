import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { RegisterDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { authRegister } from '../../../api/sdk';

/** The server signs the new account in (session cookie) in the same call. */
export async function register(body: RegisterDto): Promise<UserDto> {
  const { data } = await authRegister({ body });
  return data;
}

/**
 * `onRegistered` runs before the current user is refreshed: once it is, the guest-only
 * guard takes the visitor to /dashboard and this page (with any later callback) is gone.
 */
export function useRegister({ onRegistered }: { onRegistered?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: () => {
      onRegistered?.();
      return queryClient.invalidateQueries({ queryKey: userKeys.me() });
    },
  });
}
