import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiKeyDto } from '../../../api/generated/types.gen';
import { apiKeysGet } from '../../../api/sdk';
import { developerKeys } from './query-keys';

export async function getApiKey(signal?: AbortSignal): Promise<ApiKeyDto> {
  const { data } = await apiKeysGet({ signal });
  return data;
}

export const apiKeyQueryOptions = () =>
  queryOptions({
    queryKey: developerKeys.apiKey(),
    queryFn: ({ signal }) => getApiKey(signal),
    // A secret: keep it in memory only while the page shows it.
    gcTime: 0,
  });

/** Demo accounts have no key (the server answers 403), so they never ask. */
export function useApiKey({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...apiKeyQueryOptions(), enabled });
}
