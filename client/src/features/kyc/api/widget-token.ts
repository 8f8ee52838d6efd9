import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { hasErrorCode } from '../../../api/client';
import type { KycTokenResponseDto } from '../../../api/generated/types.gen';
import { kycIssueForCompanyKey } from '../../../api/sdk';
import { kycKeys, type ApplicantRef } from './kyc-keys';

/** Spec §8: the WEBHOOK_NOT_CONFIGURED message that is shown as an alert. */
export const WEBHOOK_ALERT_TEXT = 'Please configure your webhook';

/** kycIssueForCompanyKey: a widget token (15 minutes) for this applicant; the companyKey is the bearer token. */
export async function getKycToken({ companyKey, userId }: ApplicantRef, signal?: AbortSignal): Promise<KycTokenResponseDto> {
  const { data } = await kycIssueForCompanyKey({ query: { userId }, auth: companyKey, signal, throwOnError: true });
  return data;
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

/** The widget's error code 'invalid-token': the token expired (or is not for this applicant). */
export function isInvalidTokenError(error: unknown): boolean {
  return hasErrorCode(error, 'invalid-token', 401);
}

/** Spec §8: WEBHOOK_NOT_CONFIGURED whose message asks to configure the webhook is shown as an alert. */
export function isWebhookNotConfigured(error: unknown): boolean {
  return hasErrorCode(error, 'WEBHOOK_NOT_CONFIGURED') && error.message.includes(WEBHOOK_ALERT_TEXT);
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
