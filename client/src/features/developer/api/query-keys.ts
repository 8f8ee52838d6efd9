// Query-key factory of the developer screens (TkDodo style): invalidate by prefix.
export interface WebhookEventFilters {
  page: number;
  pageSize: number;
}

export const developerKeys = {
  all: ['developer'] as const,
  apiKey: () => [...developerKeys.all, 'api-key'] as const,
  webhookSettings: () => [...developerKeys.all, 'webhook-settings'] as const,
  webhookEvents: () => [...developerKeys.all, 'webhook-events'] as const,
  webhookEventLists: () => [...developerKeys.webhookEvents(), 'list'] as const,
  webhookEventList: (filters: WebhookEventFilters) => [...developerKeys.webhookEventLists(), filters] as const,
  webhookEventDetails: () => [...developerKeys.webhookEvents(), 'detail'] as const,
  webhookEventDeliveries: (eventId: string) => [...developerKeys.webhookEventDetails(), eventId, 'deliveries'] as const,
};
