import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WebhookDeliveryDto } from '../../../api/generated/types.gen';
import { developerKeys } from './query-keys';

export function getWebhookDeliveries(eventId: string, signal?: AbortSignal): Promise<WebhookDeliveryDto[]> {
  return api.get<WebhookDeliveryDto[]>(`/api/webhooks/events/${encodeURIComponent(eventId)}/deliveries`, {
    signal,
  });
}

export const webhookDeliveriesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: developerKeys.webhookEventDeliveries(eventId),
    queryFn: ({ signal }) => getWebhookDeliveries(eventId, signal),
  });

export function useWebhookDeliveries(eventId: string) {
  return useQuery(webhookDeliveriesQueryOptions(eventId));
}
