import { useMutation } from '@tanstack/react-query';

import type { DeleteAccountDto } from '../../../api/generated/types.gen';
import { authDeleteAccount } from '../../../api/sdk';

/** Refused (409) while the user owns an organization; ends every session when it succeeds. */
export async function deleteAccount(body: DeleteAccountDto): Promise<void> {
  await authDeleteAccount({ body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
