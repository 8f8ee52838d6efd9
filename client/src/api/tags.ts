import { useQuery } from '@tanstack/react-query';

import type { TagDto } from './generated/types.gen';
import { tagsList } from './sdk';

// The organization's tags: the list filters by them, the reviewer puts them on applicants and edits them.
export const tagKeys = { list: (organizationId: string) => ['tags', organizationId] as const };

/** The organization's tags, by name. */
export function useTags(organizationId: string) {
  return useQuery({
    queryKey: tagKeys.list(organizationId),
    queryFn: async (): Promise<TagDto[]> => (await tagsList({ path: { id: organizationId } })).data,
  });
}
