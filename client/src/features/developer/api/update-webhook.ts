import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { UpdateWebhookDto, WebhookSettingsDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { developerKeys } from './query-keys';

export function updateWebhook(body: UpdateWebhookDto): Promise<WebhookSettingsDto> {
  return api.put<WebhookSettingsDto>('/api/users/webhook', body);
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: async (settings) => {
      queryClient.setQueryData(developerKeys.webhookSettings(), settings);
      // The current user carries `webhook` too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: developerKeys.webhookSettings() }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]);
    },
  });
}
