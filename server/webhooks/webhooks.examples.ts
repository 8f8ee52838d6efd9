/* Examples for the OpenAPI document's webhook operations (`npm run lint` checks them against their schemas). */

export const SET_WEBHOOK_EXAMPLE = { webhook: 'https://api.example.com/kyc-webhook' };

export const SET_REDIRECT_URL_EXAMPLE = { redirectUrl: 'https://app.example.com/verified' };

export const WEBHOOK_SETTINGS_EXAMPLE = {
  webhook: 'https://api.example.com/kyc-webhook',
  redirectUrl: 'https://app.example.com/verified',
  secret: 'whsec_TzdU8s893uEkXMTkYBLUQsTlPHCyOuTc',
};

export const TEST_EVENT_EXAMPLE = {
  id: '9453e212-a081-40c4-9f32-1c91aa9a7123',
  type: 'webhook.test',
  status: 'delivered',
  attempts: 1,
  lastResponseCode: 200,
  lastError: null,
  nextAttemptAt: null,
  createdAt: '2026-11-25T09:30:00.000Z',
  organizationId: null,
  applicantUserId: null,
  payload: '{"type":"webhook.test","timestamp":"2026-11-25T09:30:00.000Z","data":{"message":"This is a test event from your KYC platform account."}}',
};

export const WEBHOOK_EVENT_PAGE_EXAMPLE = {
  items: [
    TEST_EVENT_EXAMPLE,
    {
      id: '3b0c9a2e-7d1f-4c55-9a3e-0c6b2f1d8e47',
      type: 'applicant.decided',
      status: 'pending',
      attempts: 2,
      lastResponseCode: 503,
      lastError: null,
      nextAttemptAt: '2026-11-25T09:25:05.000Z',
      createdAt: '2026-11-25T09:20:00.000Z',
      organizationId: '5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90',
      applicantUserId: 'customer-42',
      payload:
        '{"type":"applicant.decided","timestamp":"2026-11-25T09:20:00.000Z","data":{"organizationId":"5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90","userId":"customer-42","kycStatus":"completed","documentType":"PASSPORT","reviewAnswer":"approved","rejectType":null,"rejectReason":null}}',
    },
  ],
  meta: { page: 1, pageLength: 2, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
};

export const DELIVERIES_EXAMPLE = [
  { id: '2656cfd8-11b5-43e8-b7c3-fd1595d1e967', attempt: 1, responseCode: 503, error: null, durationMs: 41, createdAt: '2026-11-25T09:20:00.120Z' },
  { id: '7c1e4f0a-3d2b-4a8e-9f6c-1b5d0e2a3c47', attempt: 2, responseCode: 503, error: null, durationMs: 38, createdAt: '2026-11-25T09:20:05.160Z' },
];
