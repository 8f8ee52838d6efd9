import { queryOptions, type QueryClient } from '@tanstack/react-query';

import { hasErrorCode, type ErrorCode } from '../../../api/client';
import type { SessionTokenDto } from '../../../api/generated/types.gen';
import { kycExchange, kycIssueForCompanyKey } from '../../../api/sdk';
import { resumeSecrets } from '../lib/resume-secrets';
import { kycKeys, type KycLink } from './kyc-keys';

/** Spec §8: the WEBHOOK_NOT_CONFIGURED message that is shown as an alert. */
export const WEBHOOK_ALERT_TEXT = 'Please configure your webhook';

/** A widget token (15 minutes): `edit` works the widget, `status` only follows the status. */
export type WidgetToken = SessionTokenDto;

/** kycExchange: a session link's secret (or this browser's resume secret) for a widget token. */
async function exchangeSecret(secret: string, signal?: AbortSignal): Promise<WidgetToken> {
  const { data } = await kycExchange({ body: { session: secret }, signal });
  return { token: data.token, expiresAt: data.expiresAt, scope: data.scope };
}

/**
 * The companyKey link: this browser's resume secret first, if it keeps one; a secret the
 * server no longer knows (SESSION_LINK_INVALID) is forgotten and the link asks
 * kycIssueForCompanyKey (the companyKey is the bearer token), keeping the resume secret
 * it gives for the applicant it begins.
 */
async function companyKeyToken(companyKey: string, userId: string, signal?: AbortSignal): Promise<WidgetToken> {
  const kept = resumeSecrets.read(companyKey, userId);
  if (kept) {
    try {
      return await exchangeSecret(kept, signal);
    } catch (error) {
      if (!isSessionLinkInvalid(error)) throw error;
      resumeSecrets.forget(companyKey, userId);
    }
  }
  const { data } = await kycIssueForCompanyKey({ query: { userId }, auth: companyKey, signal });
  resumeSecrets.keep(companyKey, userId, data.resumeSecret);
  return { token: data.token, expiresAt: data.expiresAt, scope: data.scope };
}

/** A fresh widget token for the link the page was opened with. */
export function getWidgetToken(link: KycLink, signal?: AbortSignal): Promise<WidgetToken> {
  return link.kind === 'session' ? exchangeSecret(link.secret, signal) : companyKeyToken(link.companyKey, link.userId, signal);
}

/** The token lives in the query cache for the page's lifetime; only 'invalid-token' renews it. */
export function kycTokenQuery(link: KycLink) {
  return queryOptions({
    queryKey: kycKeys.token(link),
    queryFn: ({ signal }) => getWidgetToken(link, signal),
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

/** A session link or resume secret that is unknown, expired, revoked or replaced. */
export function isSessionLinkInvalid(error: unknown): boolean {
  return hasErrorCode(error, 'SESSION_LINK_INVALID', 401);
}

/** Spec §8: WEBHOOK_NOT_CONFIGURED whose message asks to configure the webhook is shown as an alert. */
export function isWebhookNotConfigured(error: unknown): boolean {
  return hasErrorCode(error, 'WEBHOOK_NOT_CONFIGURED') && error.message.includes(WEBHOOK_ALERT_TEXT);
}

/** Answers that end the page's use of its link: trying again cannot help. */
const LINK_REFUSALS: readonly ErrorCode[] = [
  'SESSION_LINK_INVALID',
  'VERIFICATION_IN_PROGRESS',
  'COMPANY_KEY_LINKS_DISABLED',
  'COMPANY_KEY_INVALID',
  'WEBHOOK_NOT_CONFIGURED',
];

export function isLinkRefused(error: unknown): boolean {
  return LINK_REFUSALS.some((code) => hasErrorCode(error, code));
}

/**
 * Asks for a fresh token unless another call already did: concurrent renewals share
 * one request (fetchQuery joins a fetch in flight), and a call that failed with a token
 * already replaced just uses the newer one.
 */
export async function renewKycToken(client: QueryClient, link: KycLink, expired?: string): Promise<WidgetToken> {
  const cached = client.getQueryData(kycTokenQuery(link).queryKey);
  if (cached && expired !== undefined && cached.token !== expired) return cached;
  return client.fetchQuery({ ...kycTokenQuery(link), staleTime: 0 });
}

/**
 * The one wrapper every widget call goes through: it sends the current token and, when
 * the server answers 'invalid-token', renews the token and retries the call once. Nothing
 * on the page is reset: the server keeps the applicant's progress and the components
 * keep their local state.
 */
export async function withWidgetToken<T>(client: QueryClient, link: KycLink, call: (token: string) => Promise<T>): Promise<T> {
  const { token } = await client.ensureQueryData(kycTokenQuery(link));
  try {
    return await call(token);
  } catch (error) {
    if (!isInvalidTokenError(error)) throw error;
    return call((await renewKycToken(client, link, token)).token);
  }
}
