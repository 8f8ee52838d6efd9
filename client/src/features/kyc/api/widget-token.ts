import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { api, isApiError } from '../../../api/client';
import type { KycTokenResponseDto } from '../../../api/generated/types.gen';
import { kycKeys, type ApplicantRef } from './kyc-keys';

/** The server's answer when the organization's owner has not set a webhook yet (spec §8). */
export const WEBHOOK_NOT_CONFIGURED = 'WEBHOOK_NOT_CONFIGURED';
export const WEBHOOK_ALERT_TEXT = 'Please configure your webhook';

/** GET /api/kyc/get-new-token: a widget token (kyc_wt_…, 15 minutes) for this applicant. */
export function getKycToken({ companyKey, userId }: ApplicantRef, signal?: AbortSignal) {
  return api.get<KycTokenResponseDto>('/api/kyc/get-new-token', {
    query: { userId },
    headers: { Authorization: `Bearer ${companyKey}` },
    signal,
  });
}

/** The token lives in the query cache for the page's lifetime; only 'invalid-token' renews it. */
export function kycTokenQuery(ref: ApplicantRef) {
  return queryOptions({
    queryKey: kycKeys.token(ref),
    queryFn: ({ signal }) => getKycToken(ref, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function errorCode(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { code } = error.body as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
}

/** The widget's error code 'invalid-token': the token expired (or is not for this applicant). */
export function isInvalidTokenError(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && errorCode(error) === 'invalid-token';
}

/** Spec §8: WEBHOOK_NOT_CONFIGURED whose message asks to configure the webhook is shown as an alert. */
export function isWebhookNotConfigured(error: unknown): boolean {
  return errorCode(error) === WEBHOOK_NOT_CONFIGURED && !!(error as Error).message?.includes(WEBHOOK_ALERT_TEXT);
}

/**
 * Asks for a fresh token unless another call already did: concurrent renewals share
 * one request (fetchQuery joins a fetch in flight), and a call that failed with a token
 * already replaced just uses the newer one.
 */
export async function renewKycToken(client: QueryClient, ref: ApplicantRef, expired?: string): Promise<string> {
  const cached = client.getQueryData(kycTokenQuery(ref).queryKey);
  if (cached && expired !== undefined && cached.token !== expired) return cached.token;
  const fresh = await client.fetchQuery({ ...kycTokenQuery(ref), staleTime: 0 });
  return fresh.token;
}

/**
 * The one wrapper every widget call goes through: it sends the current token and, when
 * the server answers 'invalid-token', renews the token and retries the call once. Nothing
 * on the page is reset: the server keeps the applicant's progress and the components
 * keep their local state.
 */
export async function withWidgetToken<T>(
  client: QueryClient,
  ref: ApplicantRef,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const { token } = await client.ensureQueryData(kycTokenQuery(ref));
  try {
    return await call(token);
  } catch (error) {
    if (!isInvalidTokenError(error)) throw error;
    return call(await renewKycToken(client, ref, token));
  }
}

export function widgetAuth(token: string) {
  return { Authorization: `Bearer ${token}` };
}
