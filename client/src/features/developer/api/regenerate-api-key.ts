import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { ApiKeyDto } from '../../../api/generated/types.gen';
import { developerKeys } from './query-keys';

export function regenerateApiKey(): Promise<ApiKeyDto> {
  return api.post<ApiKeyDto>('/api/api-keys/regenerate');
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
