import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { OrganizationActivityListData, OrganizationActivityPageDto } from '../../../api/generated/types.gen';
import { organizationActivityList } from '../../../api/sdk';
import { activityKeys } from './activity-keys';

export type OrganizationActivityQuery = NonNullable<OrganizationActivityListData['query']>;

export async function getOrganizationActivity(
  organizationId: string,
  query: OrganizationActivityQuery,
  signal?: AbortSignal,
): Promise<OrganizationActivityPageDto> {
  const { data } = await organizationActivityList({ path: { id: organizationId }, query, signal });
  return data;
}

export const organizationActivityQueryOptions = (organizationId: string, query: OrganizationActivityQuery) =>
  queryOptions({
    queryKey: activityKeys.organization(organizationId, query),
    queryFn: ({ signal }) => getOrganizationActivity(organizationId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useOrganizationActivity(organizationId: string, query: OrganizationActivityQuery) {
  return useQuery(organizationActivityQueryOptions(organizationId, query));
}
