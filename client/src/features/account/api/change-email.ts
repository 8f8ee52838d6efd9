import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ChangeEmailDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';

/** The new address starts unconfirmed; the server e-mails it a confirmation link. */
export function changeEmail(body: ChangeEmailDto): Promise<UserDto> {
  return api.post<UserDto>('/api/auth/change-email', body);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
