import { queryOptions } from '@tanstack/react-query';

import { kycSession } from '../../../api/sdk';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/** kycSession: who the applicant is verifying for, and which steps are done. */
export function kycSessionQuery(ref: ApplicantRef) {
  return queryOptions({
    queryKey: kycKeys.session(ref),
    queryFn: ({ client, signal }) =>
      withWidgetToken(client, ref, async (token) => (await kycSession({ auth: token, signal, throwOnError: true })).data),
    // The page follows the live status stream; a refetch on focus would only repeat it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
