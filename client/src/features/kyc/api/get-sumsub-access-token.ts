import type { QueryClient } from '@tanstack/react-query';

import { sumsubAccessToken } from '../../../api/sdk';
import type { KycLink } from './kyc-keys';
import { withWidgetToken } from './widget-token';

/**
 * sumsubAccessToken: a fresh WebSDK access token. Not cached: the SDK asks for a new one
 * exactly when its token expired, so every call must reach the server.
 */
export async function getSumsubAccessToken(client: QueryClient, link: KycLink): Promise<string> {
  const { token } = await withWidgetToken(client, link, async (widgetToken) => (await sumsubAccessToken({ auth: widgetToken })).data);
  return token;
}
