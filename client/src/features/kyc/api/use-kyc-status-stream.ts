import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';

import { urlOf } from '../../../api/endpoints';
import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { kycStatus } from '../../../api/sdk';
import type { KycLink } from './kyc-keys';
import { kycTokenQuery, renewKycToken } from './widget-token';

export type KycSessionStatus = WidgetSessionDto['status'];

/** Spec §3 "KYC status event": the part of the session the stream pushes (openapi.json types it as text). */
export type KycStatusEvent = Pick<WidgetSessionDto, 'status' | 'redirectUrl'>;

const STATUSES: readonly string[] = ['pending', 'processing', 'completed', 'failed'];

/** A closed stream is reopened after this delay, doubling up to the maximum. */
export const STREAM_RETRY_BASE_MS = 3000;
export const STREAM_RETRY_MAX_MS = 60_000;

export function parseStatusEvent(data: unknown): KycStatusEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as { status?: unknown; redirectUrl?: unknown };
    if (typeof parsed.status !== 'string' || !STATUSES.includes(parsed.status)) return null;
    return {
      status: parsed.status as KycSessionStatus,
      redirectUrl: typeof parsed.redirectUrl === 'string' ? parsed.redirectUrl : null,
    };
  } catch {
    return null;
  }
}

/**
 * kycStatus as server-sent events (spec §7): the first event is the current
 * status, then every change. The stream is closed on error (spec §4) — an expired token
 * or a dropped connection — and reopened a little later with a renewed token, so a
 * long wait for a reviewer still ends on this page. `userId` is the applicant's (a
 * session link does not name it: the session does); the companyKey is sent only on a
 * companyKey link.
 */
export function useKycStatusStream(
  link: KycLink,
  { userId, enabled, onStatus }: { userId: string | undefined; enabled: boolean; onStatus: (event: KycStatusEvent) => void },
) {
  const client = useQueryClient();
  const handleStatus = useEffectEvent(onStatus);

  useEffect(() => {
    if (!enabled || !userId) return;
    const companyKey = link.kind === 'companyKey' ? link.companyKey : undefined;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const scheduleRetry = () => {
      if (stopped) return;
      const delay = Math.min(STREAM_RETRY_BASE_MS * 2 ** failures, STREAM_RETRY_MAX_MS);
      failures += 1;
      // The token is checked when the stream opens; after a while it has expired.
      retryTimer = setTimeout(() => renewKycToken(client, link).then(({ token }) => open(token), scheduleRetry), delay);
    };

    const open = (token: string) => {
      if (stopped) return;
      source = new EventSource(urlOf(kycStatus, { query: { userId, companyKey, token } }));
      source.onmessage = (message: MessageEvent) => {
        failures = 0;
        const event = parseStatusEvent(message.data);
        if (event) handleStatus(event);
      };
      source.onerror = () => {
        source?.close();
        source = null;
        scheduleRetry();
      };
    };

    const cached = client.getQueryData(kycTokenQuery(link).queryKey);
    if (cached) open(cached.token);
    else renewKycToken(client, link).then(({ token }) => open(token), scheduleRetry);

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [client, link, userId, enabled]);
}
