import { useMutation } from '@tanstack/react-query';

import type { ChangePasswordDto } from '../../../api/generated/types.gen';
import { authChangePassword } from '../../../api/sdk';

/** Ends every session of the account, this one included. */
export async function changePassword(body: ChangePasswordDto): Promise<void> {
  await authChangePassword({ body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
