import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { developerKeys } from './query-keys';

export function rotateWebhookSecret(): Promise<WebhookSettingsDto> {
  return api.post<WebhookSettingsDto>('/api/webhooks/secret/rotate');
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
