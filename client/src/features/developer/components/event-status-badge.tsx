import type { WebhookEventDto, WebhookEventStatus } from '../../../api/generated/types.gen';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

import './event-status-badge.css';

const BADGES: Record<WebhookEventStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** A pending event whose last attempt failed is shown as failed (and retrying), never as merely pending. */
const RETRYING = { label: 'Failed · retrying', variant: 'danger' } as const;

export function EventStatusBadge({ event }: { event: Pick<WebhookEventDto, 'status' | 'attempts'> }) {
  const badge = event.status === 'pending' && event.attempts > 0 ? RETRYING : (BADGES[event.status] ?? { label: event.status, variant: 'neutral' });
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/** Why an attempt got no answer, in a few words (the whole error is in the tooltip). */
export function failureSummary(error: string | null): string {
  if (!error) return 'No response';
  if (/ECONNREFUSED/i.test(error)) return 'Connection refused';
  if (/ETIMEDOUT|timed? ?out|aborted/i.test(error)) return 'Timed out';
  if (/ENOTFOUND|EAI_AGAIN/i.test(error)) return 'Host not found';
  if (/certificate|TLS|SSL/i.test(error)) return 'TLS error';
  if (/refused|not allowed|private/i.test(error)) return 'Address refused';
  return 'No response';
}

/** 2xx green, 3xx/4xx amber, 5xx red; no answer red with its reason. */
export function ResponseCode({ code, error = null }: { code: number | null; error?: string | null }) {
  if (code === null) {
    return (
      <span className="response-code response-code-error" title={error ?? undefined}>
        {failureSummary(error)}
      </span>
    );
  }
  const tone = code >= 200 && code < 300 ? 'ok' : code >= 500 ? 'error' : 'warn';
  return <span className={`response-code response-code-${tone}`}>{code}</span>;
}
