import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { DeleteAccountDto } from '../../../api/generated/types.gen';

/** Refused (409) while the user owns an organization; ends every session when it succeeds. */
export function deleteAccount(body: DeleteAccountDto): Promise<void> {
  return api.delete<void>('/api/auth/delete', body);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
