import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebhookEventDto } from '../../../api/generated/types.gen';
import { webhooksSendTest } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function sendTestWebhook(): Promise<WebhookEventDto> {
  const { data } = await webhooksSendTest();
  return data;
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.webhookEvents() }),
  });
}
