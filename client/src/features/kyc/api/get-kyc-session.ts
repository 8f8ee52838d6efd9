import { queryOptions } from '@tanstack/react-query';

import { kycSession } from '../../../api/sdk';
import { kycKeys, type KycLink } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycSession: who the applicant is verifying for, and which steps are done. */
export function kycSessionQuery(link: KycLink) {
  return queryOptions({
    queryKey: kycKeys.session(link),
    queryFn: ({ client, signal }) => withWidgetToken(client, link, async (token) => (await kycSession({ auth: token, signal })).data),
    // The page follows the live status stream; a refetch on focus would only repeat it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
