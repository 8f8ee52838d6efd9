import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { MessageDto, ResetPasswordDto } from '../../../api/generated/types.gen';

/** Answers the same whether or not the address has an account. */
export function startPasswordReset(email: string): Promise<MessageDto> {
  return api.post<MessageDto>('/api/auth-emails/reset-password/start', undefined, { query: { email } });
}

export function resetPassword(body: ResetPasswordDto): Promise<MessageDto> {
  return api.post<MessageDto>('/api/auth-emails/reset-password/reset', body);
}

export function useStartPasswordReset() {
  return useMutation({ mutationFn: startPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
