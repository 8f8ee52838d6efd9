import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WebhookEventDto } from '../../../api/generated/types.gen';
import { developerKeys } from './query-keys';

export function sendTestWebhook(): Promise<WebhookEventDto> {
  return api.post<WebhookEventDto>('/api/webhooks/test');
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.webhookEvents() }),
  });
}
