import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { UpdateRedirectUrlDto, WebhookSettingsDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { webhookSettingsSetRedirectUrl } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function updateRedirectUrl(body: UpdateRedirectUrlDto): Promise<WebhookSettingsDto> {
  const { data } = await webhookSettingsSetRedirectUrl({ body });
  return data;
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
