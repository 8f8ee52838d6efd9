import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiKeyDto } from '../../../api/generated/types.gen';
import { apiKeysRegenerate } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function regenerateApiKey(): Promise<ApiKeyDto> {
  const { data } = await apiKeysRegenerate();
  return data;
}

export function useRegenerateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateApiKey,
    onSuccess: async (data) => {
      // Show the new key at once, then confirm it with the server.
      queryClient.setQueryData(developerKeys.apiKey(), data);
      await queryClient.invalidateQueries({ queryKey: developerKeys.apiKey() });
    },
  });
}
