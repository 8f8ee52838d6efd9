import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { MessageDto } from '../../../api/generated/types.gen';

/** E-mails the signed-in user a link to /confirm-email. */
export function sendConfirmationEmail(): Promise<MessageDto> {
  return api.post<MessageDto>('/api/auth-emails/confirm-email/start');
}

export function useSendConfirmationEmail() {
  return useMutation({ mutationFn: sendConfirmationEmail });
}
