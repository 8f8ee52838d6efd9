import { queryOptions } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { kycKeys, type ApplicantRef } from './kyc-keys';
import { widgetAuth, withWidgetToken } from './widget-token';

/** GET /api/kyc/session: who the applicant is verifying for, and which steps are done. */
export function kycSessionQuery(ref: ApplicantRef) {
  return queryOptions({
    queryKey: kycKeys.session(ref),
    queryFn: ({ client, signal }) =>
      withWidgetToken(client, ref, (token) =>
        api.get<WidgetSessionDto>('/api/kyc/session', { headers: widgetAuth(token), signal }),
      ),
    // The page follows the live status stream; a refetch on focus would only repeat it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
