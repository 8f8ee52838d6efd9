import { useMutation } from '@tanstack/react-query';

import type { MessageDto } from '../../../api/generated/types.gen';
import { authEmailsStartConfirmation } from '../../../api/sdk';

/** E-mails the signed-in user a link to /confirm-email. */
export async function sendConfirmationEmail(): Promise<MessageDto> {
  const { data } = await authEmailsStartConfirmation();
  return data;
}

export function useSendConfirmationEmail() {
  return useMutation({ mutationFn: sendConfirmationEmail });
}
