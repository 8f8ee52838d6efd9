import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateWebhookDto, WebhookSettingsDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { webhookSettingsSetWebhook } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function updateWebhook(body: UpdateWebhookDto): Promise<WebhookSettingsDto> {
  const { data } = await webhookSettingsSetWebhook({ body });
  return data;
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
