import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { SumsubAccessTokenDto } from '../../../api/generated/types.gen';
import type { ApplicantRef } from './kyc-keys';
import { widgetAuth, withWidgetToken } from './widget-token';

/**
 * GET /api/kyc/sumsub/access-token: a fresh WebSDK access token. Not cached: the SDK asks
 * for a new one exactly when its token expired, so every call must reach the server.
 */
export async function getSumsubAccessToken(client: QueryClient, ref: ApplicantRef): Promise<string> {
  const { token } = await withWidgetToken(client, ref, (widgetToken) =>
    api.get<SumsubAccessTokenDto>('/api/kyc/sumsub/access-token', { headers: widgetAuth(widgetToken) }),
  );
  return token;
}
