import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { oidcLink } from '../../../api/sdk';

export async function linkSingleSignOn(password: string): Promise<UserDto> {
  const { data } = await oidcLink({ body: { password } });
  return data;
}

/** Gives the account's password once to link the provider's identity; signed in, the guest-only guard moves on. */
export function useLinkSingleSignOn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkSingleSignOn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}
