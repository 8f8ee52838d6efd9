import { queryOptions, useQuery } from '@tanstack/react-query';

import { sanctionsListKeys } from '../../../api/query-keys';
import type { RescreenDto } from '../../../api/generated/types.gen';
import { screeningMonitorList } from '../../../api/sdk';

export async function getRescreens(signal?: AbortSignal): Promise<RescreenDto[]> {
  const { data } = await screeningMonitorList({ signal });
  return data;
}

/** The latest rescreenings after list imports; asked again every 2 s while one is under way. */
export const rescreensQueryOptions = () =>
  queryOptions({
    queryKey: sanctionsListKeys.rescreens(),
    queryFn: ({ signal }) => getRescreens(signal),
    refetchInterval: (query) => (query.state.data?.some((run) => !run.finished) ? 2000 : false),
  });

export function useRescreens() {
  return useQuery(rescreensQueryOptions());
}
