import type { QueryClient } from '@tanstack/react-query';

import { sumsubAccessToken } from '../../../api/sdk';
import type { ApplicantRef } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/**
 * sumsubAccessToken: a fresh WebSDK access token. Not cached: the SDK asks for a new one
 * exactly when its token expired, so every call must reach the server.
 */
export async function getSumsubAccessToken(client: QueryClient, ref: ApplicantRef): Promise<string> {
  const { token } = await withWidgetToken(
    client,
    ref,
    async (widgetToken) => (await sumsubAccessToken({ auth: widgetToken, throwOnError: true })).data,
  );
  return token;
}
