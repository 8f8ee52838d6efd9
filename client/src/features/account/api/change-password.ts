import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ChangePasswordDto } from '../../../api/generated/types.gen';

/** Ends every session of the account, this one included. */
export function changePassword(body: ChangePasswordDto): Promise<void> {
  return api.post<void>('/api/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
