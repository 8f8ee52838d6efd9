import { useMutation } from '@tanstack/react-query';

import type { EmailedLinkDto, MessageDto } from '../../../api/generated/types.gen';
import { authEmailsUnlockSecondFactor } from '../../../api/sdk';

export async function unlockSecondFactor(body: EmailedLinkDto): Promise<MessageDto> {
  const { data } = await authEmailsUnlockSecondFactor({ body });
  return data;
}

export function useUnlockSecondFactor() {
  return useMutation({ mutationFn: unlockSecondFactor });
}
