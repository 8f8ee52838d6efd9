import type { WebhookEventStatus } from '../../../api/generated/types.gen';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';

import './event-status-badge.css';

const BADGES: Record<WebhookEventStatus, { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Pending', variant: 'warning' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'danger' },
};

export function EventStatusBadge({ status }: { status: WebhookEventStatus }) {
  const badge = BADGES[status] ?? { label: status, variant: 'neutral' };
  return <Badge variant={badge.variant}>{badge.label}</Badge>;
}

/** 2xx green, 3xx/4xx amber, 5xx red, none grey. */
export function ResponseCode({ code }: { code: number | null }) {
  if (code === null) return <span className="response-code response-code-none">No response</span>;
  const tone = code >= 200 && code < 300 ? 'ok' : code >= 500 ? 'error' : 'warn';
  return <span className={`response-code response-code-${tone}`}>{code}</span>;
}
