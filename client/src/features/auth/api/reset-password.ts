import { useMutation } from '@tanstack/react-query';

import type { MessageDto, ResetPasswordDto } from '../../../api/generated/types.gen';
import { authEmailsResetPassword, authEmailsStartPasswordReset } from '../../../api/sdk';

/** Answers the same whether or not the address has an account. */
export async function startPasswordReset(email: string): Promise<MessageDto> {
  const { data } = await authEmailsStartPasswordReset({ query: { email } });
  return data;
}

export async function resetPassword(body: ResetPasswordDto): Promise<MessageDto> {
  const { data } = await authEmailsResetPassword({ body });
  return data;
}

export function useStartPasswordReset() {
  return useMutation({ mutationFn: startPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
