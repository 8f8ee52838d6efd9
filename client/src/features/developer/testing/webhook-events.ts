import type { WebhookDeliveryDto, WebhookEventDto, WebhookEventPageDto } from '../../../api/generated/types.gen';

export function buildWebhookEvent(overrides: Partial<WebhookEventDto> = {}): WebhookEventDto {
  return {
    id: '3b0c9a2e-7d1f-4c55-9a3e-0c6b2f1d8e47',
    type: 'webhook.test',
    status: 'delivered',
    attempts: 1,
    lastResponseCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    organizationId: null,
    applicantUserId: null,
    payload: '{"type":"webhook.test","timestamp":"2026-11-21T10:00:00.000Z","data":{"message":"hi"}}',
    ...overrides,
  };
}

export function buildDelivery(overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    attempt: 1,
    responseCode: 200,
    error: null,
    durationMs: 42,
    createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    ...overrides,
  };
}

export function page(items: WebhookEventDto[], { page = 1, totalPages = 1 } = {}): WebhookEventPageDto {
  return {
    items,
    meta: {
      page,
      pageLength: items.length,
      totalPages,
      hasPreviousPage: page > 1,
      hasNextPage: page < totalPages,
    },
  };
}
