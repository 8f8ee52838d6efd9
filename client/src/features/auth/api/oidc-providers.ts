import { queryOptions, useQuery } from '@tanstack/react-query';

import { oidcProviders } from '../../../api/sdk';
import { authKeys } from './auth-keys';

/** The single sign-on providers the operator configured (id and name); none by default. */
export const oidcProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.oidcProviders(),
    queryFn: async () => (await oidcProviders()).data,
    staleTime: Infinity,
  });

export function useOidcProviders() {
  return useQuery(oidcProvidersQueryOptions());
}
