import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { authLoginSecondFactor } from '../../../api/sdk';

/** The second step of sign-in: a code from the authenticator app, or a recovery code. */
export async function loginSecondFactor(code: string): Promise<UserDto> {
  const { data } = await authLoginSecondFactor({ body: { code } });
  return data;
}

export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}
