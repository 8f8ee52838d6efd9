import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ChangeEmailDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { authChangeEmail } from '../../../api/sdk';

/** The new address starts unconfirmed; the server e-mails it a confirmation link. */
export async function changeEmail(body: ChangeEmailDto): Promise<UserDto> {
  const { data } = await authChangeEmail({ body });
  return data;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
