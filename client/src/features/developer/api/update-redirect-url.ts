import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { UpdateRedirectUrlDto, WebhookSettingsDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { developerKeys } from './query-keys';

export function updateRedirectUrl(body: UpdateRedirectUrlDto): Promise<WebhookSettingsDto> {
  return api.put<WebhookSettingsDto>('/api/users/redirect-url', body);
}

export function useUpdateRedirectUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRedirectUrl,
    onSuccess: async (settings) => {
      queryClient.setQueryData(developerKeys.webhookSettings(), settings);
      // The current user carries `redirectUrl` too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: developerKeys.webhookSettings() }),
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
      ]);
    },
  });
}
