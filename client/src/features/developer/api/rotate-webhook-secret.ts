import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { webhooksRotateSecret } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function rotateWebhookSecret(): Promise<WebhookSettingsDto> {
  const { data } = await webhooksRotateSecret();
  return data;
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: async (settings) => {
      queryClient.setQueryData(developerKeys.webhookSettings(), settings);
      await queryClient.invalidateQueries({ queryKey: developerKeys.webhookSettings() });
    },
  });
}
