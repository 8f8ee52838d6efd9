import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WebhookEventDto } from '../../../api/generated/types.gen';
import { developerKeys } from './query-keys';

export function redeliverWebhookEvent(eventId: string): Promise<WebhookEventDto> {
  return api.post<WebhookEventDto>(`/api/webhooks/events/${encodeURIComponent(eventId)}/redeliver`);
}

export function useRedeliverWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookEvent,
    // The event's row and its attempts both changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.webhookEvents() }),
  });
}
