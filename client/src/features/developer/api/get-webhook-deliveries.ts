import { queryOptions, useQuery } from '@tanstack/react-query';

import type { WebhookDeliveryDto } from '../../../api/generated/types.gen';
import { webhooksListDeliveries } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function getWebhookDeliveries(eventId: string, signal?: AbortSignal): Promise<WebhookDeliveryDto[]> {
  const { data } = await webhooksListDeliveries({ path: { id: eventId }, signal });
  return data;
}

export const webhookDeliveriesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: developerKeys.webhookEventDeliveries(eventId),
    queryFn: ({ signal }) => getWebhookDeliveries(eventId, signal),
  });

export function useWebhookDeliveries(eventId: string) {
  return useQuery(webhookDeliveriesQueryOptions(eventId));
}
