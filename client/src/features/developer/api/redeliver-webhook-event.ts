import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebhookEventDto } from '../../../api/generated/types.gen';
import { webhooksRedeliver } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function redeliverWebhookEvent(eventId: string): Promise<WebhookEventDto> {
  const { data } = await webhooksRedeliver({ path: { id: eventId } });
  return data;
}

export function useRedeliverWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverWebhookEvent,
    // The event's row and its attempts both changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.webhookEvents() }),
  });
}
