import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { developerKeys } from './query-keys';

export function getWebhookSettings(signal?: AbortSignal): Promise<WebhookSettingsDto> {
  return api.get<WebhookSettingsDto>('/api/webhooks/settings', { signal });
}

export const webhookSettingsQueryOptions = () =>
  queryOptions({
    queryKey: developerKeys.webhookSettings(),
    queryFn: ({ signal }) => getWebhookSettings(signal),
  });

export function useWebhookSettings() {
  return useQuery(webhookSettingsQueryOptions());
}
