import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { WebhookEventPageDto } from '../../../api/generated/types.gen';
import { webhooksListEvents } from '../../../api/sdk';
import { developerKeys, type WebhookEventFilters } from './query-keys';

/** While an event waits for a retry the log refreshes itself. */
export const PENDING_EVENTS_REFETCH_MS = 5000;

export async function getWebhookEvents(filters: WebhookEventFilters, signal?: AbortSignal): Promise<WebhookEventPageDto> {
  const { data } = await webhooksListEvents({
    query: { page: filters.page, pageSize: filters.pageSize },
    signal,
  });
  return data;
}

export const webhookEventsQueryOptions = (filters: WebhookEventFilters) =>
  queryOptions({
    queryKey: developerKeys.webhookEventList(filters),
    queryFn: ({ signal }) => getWebhookEvents(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((event) => event.status === 'pending') ? PENDING_EVENTS_REFETCH_MS : false),
  });

export function useWebhookEvents(filters: WebhookEventFilters) {
  return useQuery(webhookEventsQueryOptions(filters));
}
