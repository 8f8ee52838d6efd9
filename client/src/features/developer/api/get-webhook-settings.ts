import { queryOptions, useQuery } from '@tanstack/react-query';

import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { webhooksGetSettings } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function getWebhookSettings(signal?: AbortSignal): Promise<WebhookSettingsDto> {
  const { data } = await webhooksGetSettings({ signal });
  return data;
}

export const webhookSettingsQueryOptions = () =>
  queryOptions({
    queryKey: developerKeys.webhookSettings(),
    queryFn: ({ signal }) => getWebhookSettings(signal),
  });

export function useWebhookSettings() {
  return useQuery(webhookSettingsQueryOptions());
}
