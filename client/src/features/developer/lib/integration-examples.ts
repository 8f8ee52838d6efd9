// The integrator guide's code examples, built for the address this install is served
// from. Secrets stay shell variables so a copied command never carries a real key. Every
// path comes from the SDK (api/endpoints.ts), so the guide follows the API's routes.
import { endpointOf, pathTemplate, type SdkOperation } from '../../../api/endpoints';
import {
  applicantErasureErase,
  applicantsDetails,
  applicantsImage,
  applicantsList,
  kycCreateSession,
  kycExchange,
  kycIssueForCompanyKey,
  kycRevokeSession,
  kycStatus,
  organizationsList,
  usersMe,
  webhookSettingsSetRedirectUrl,
  webhookSettingsSetWebhook,
  webhooksListDeliveries,
  webhooksListEvents,
  webhooksSendTest,
} from '../../../api/sdk';

export const EXAMPLE_USER_ID = 'customer-42';

export interface IntegrationExamples {
  shellSetup: string;
  usersMe: string;
  usersMeResponse: string;
  organizations: string;
  organizationsResponse: string;
  createSession: string;
  createSessionResponse: string;
  revokeSession: string;
  verificationLink: string;
  getNewToken: string;
  getNewTokenResponse: string;
  webhookNotConfigured: string;
  statusStream: string;
  statusStreamOutput: string;
  statusEventSource: string;
  applicantsList: string;
  applicantsListResponse: string;
  applicantDetails: string;
  applicantDetailsResponse: string;
  setWebhook: string;
  setRedirectUrl: string;
  sendTestEvent: string;
  webhookEvents: string;
  webhookEventsResponse: string;
  webhookDeliveries: string;
  webhookDeliveriesResponse: string;
  eraseApplicant: string;
  eraseApplicantResponse: string;
  webhookRequest: string;
  installVerifier: string;
  verifyWebhook: string;
}

/** 'GET /api/users/me': how the guide names a route. */
export function endpointLabel(operation: SdkOperation): string {
  const { method, url } = endpointOf(operation);
  return `${method} ${url}`;
}

export function integrationExamples(origin: string): IntegrationExamples {
  const base = origin.replace(/\/+$/, '');
  const url = (operation: SdkOperation, parameters?: Record<string, string>) => `${base}${pathTemplate(operation, parameters)}`;
  const method = (operation: SdkOperation) => endpointOf(operation).method;
  const organizationPath = { id: '$KYC_ORGANIZATION_ID' };
  return {
    shellSetup: [
      ['export KYC_API_KEY="kyc_sk_…"', '# Settings → API Key'],
      ['export KYC_ORGANIZATION_ID="…"', `# "id" from ${endpointLabel(organizationsList)}`],
      ['export KYC_COMPANY_KEY="pk_…"', `# "companyKey" from ${endpointLabel(organizationsList)}`],
      ['export KYC_SESSION_ID="…"', `# "sessionId" from ${endpointLabel(kycCreateSession)}`],
      ['export KYC_TOKEN="kyc_wt_…"', `# "token" from ${endpointLabel(kycIssueForCompanyKey)} (valid 15 minutes)`],
      ['export KYC_EVENT_ID="…"', `# "id" of an event from ${endpointLabel(webhooksListEvents)}`],
    ]
      .map(([command, comment]) => `${command.padEnd(34)}${comment}`)
      .join('\n'),

    usersMe: `curl "${url(usersMe)}" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,
    usersMeResponse: JSON.stringify(
      {
        id: '1f0c…',
        username: 'acme',
        email: 'dev@acme.example',
        role: 'kyc',
        isDemo: false,
        isConfirmed: true,
        webhook: 'https://api.acme.example/kyc-webhook',
        redirectUrl: 'https://www.acme.example/verification-done',
        permissions: [{ resource: 'applicants', actions: ['read', 'update', 'delete'] }],
      },
      null,
      2,
    ),

    organizations: `curl "${url(organizationsList)}" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,
    organizationsResponse: JSON.stringify([{ id: '5b7e…', name: 'Acme onboarding', companyKey: 'pk_…', role: 'owner' }], null, 2),

    createSession: [
      `curl -X ${method(kycCreateSession)} "${url(kycCreateSession)}" \\`,
      '  -H "Authorization: Bearer $KYC_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      '  -H "Idempotency-Key: order-1001" \\',
      `  -d '{"organizationId":"'"$KYC_ORGANIZATION_ID"'","userId":"${EXAMPLE_USER_ID}","name":"Maria Silva"}'`,
    ].join('\n'),
    createSessionResponse: JSON.stringify(
      {
        sessionId: '9d4c2b7a-…',
        url: `${base}/kyc?session=…`,
        expiresAt: '2026-11-22T09:58:40.000Z',
      },
      null,
      2,
    ),
    revokeSession: `curl -X ${method(kycRevokeSession)} "${url(kycRevokeSession, { id: '$KYC_SESSION_ID' })}" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,

    verificationLink: `${base}/kyc?companyKey=$KYC_COMPANY_KEY&userId=${EXAMPLE_USER_ID}`,

    getNewToken: `curl "${url(kycIssueForCompanyKey)}?userId=${EXAMPLE_USER_ID}" \\\n  -H "Authorization: Bearer $KYC_COMPANY_KEY"`,
    getNewTokenResponse: JSON.stringify(
      {
        status: 'ok',
        code: 'OK',
        message: 'Verification token issued',
        token: 'kyc_wt_…',
        expiresAt: '2026-11-21T10:13:40.000Z',
        scope: 'edit',
        resumeSecret: '…',
      },
      null,
      2,
    ),
    webhookNotConfigured: JSON.stringify(
      {
        status: 'error',
        token: null,
        statusCode: 409,
        message: 'Please configure your webhook in the dashboard (Settings → Webhooks) before sending applicants to verification',
        error: 'Conflict',
        code: 'WEBHOOK_NOT_CONFIGURED',
      },
      null,
      2,
    ),

    statusStream: `curl -N "${url(kycStatus)}?userId=${EXAMPLE_USER_ID}&companyKey=$KYC_COMPANY_KEY&token=$KYC_TOKEN"`,
    statusStreamOutput: [
      'retry: 3000',
      '',
      'data: {"status":"pending","redirectUrl":"https://www.acme.example/verification-done"}',
      '',
      'data: {"status":"processing","redirectUrl":"https://www.acme.example/verification-done"}',
      '',
      'data: {"status":"completed","redirectUrl":"https://www.acme.example/verification-done"}',
    ].join('\n'),
    statusEventSource: [
      `const url = new URL("${pathTemplate(kycStatus)}", "${base}");`,
      `url.search = new URLSearchParams({ userId: "${EXAMPLE_USER_ID}", token }).toString(); // + companyKey on a companyKey link`,
      '',
      'const events = new EventSource(url);',
      'events.onmessage = (message) => {',
      '  const { status, redirectUrl } = JSON.parse(message.data);',
      '  if (status === "completed" && redirectUrl) window.location.assign(redirectUrl);',
      '};',
      `// A 401 (invalid-token) closes the stream: get a fresh token (${endpointLabel(kycExchange)} or get-new-token).`,
      'events.onerror = () => events.close();',
    ].join('\n'),

    applicantsList: `curl "${url(applicantsList, organizationPath)}?page=1&pageSize=25&orderBy=userId&orderDirection=asc" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,
    applicantsListResponse: JSON.stringify(
      {
        items: [{ userId: EXAMPLE_USER_ID, kycStatus: 'completed', documentType: 'PASSPORT', organizationId: '5b7e…' }],
        meta: { page: 1, pageLength: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
      },
      null,
      2,
    ),
    applicantDetails: `curl "${url(applicantsDetails, { ...organizationPath, userId: EXAMPLE_USER_ID })}" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,
    applicantDetailsResponse: JSON.stringify(
      {
        applicant: {
          userId: EXAMPLE_USER_ID,
          kycStatus: 'completed',
          documentType: 'PASSPORT',
          reviewAnswer: 'approved',
          rejectType: null,
          rejectReason: null,
          submittedAt: '2026-11-21T10:02:11.000Z',
          decidedAt: '2026-11-21T10:20:00.000Z',
          createdAt: '2026-11-21T09:58:40.000Z',
          version: 4,
        },
        identity: {
          name: 'Jane Doe',
          dateOfBirth: '1990-05-17',
          docNumber: 'X1234567',
          country: 'PRT',
          '…': '…',
          images: [
            {
              id: '9c1d…',
              docType: 'PASSPORT',
              side: 'front',
              url: pathTemplate(applicantsImage, { id: '5b7e…', userId: EXAMPLE_USER_ID, imageId: '9c1d…' }),
            },
          ],
        },
      },
      null,
      2,
    ),

    eraseApplicant: [
      `curl -X ${method(applicantErasureErase)} "${url(applicantErasureErase, { ...organizationPath, userId: EXAMPLE_USER_ID })}" \\`,
      '  -H "Authorization: Bearer $KYC_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"reason":"Data subject request","confirmUserId":"${EXAMPLE_USER_ID}"}'`,
    ].join('\n'),
    eraseApplicantResponse: JSON.stringify(
      { applicantId: '01a2…', erasedAt: '2026-11-25T09:30:00.000Z', erasedBy: 'acme', reason: 'Data subject request' },
      null,
      2,
    ),

    setWebhook: [
      `curl -X ${method(webhookSettingsSetWebhook)} "${url(webhookSettingsSetWebhook)}" \\`,
      '  -H "Authorization: Bearer $KYC_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"webhook":"https://api.acme.example/kyc-webhook"}'`,
    ].join('\n'),
    setRedirectUrl: [
      `curl -X ${method(webhookSettingsSetRedirectUrl)} "${url(webhookSettingsSetRedirectUrl)}" \\`,
      '  -H "Authorization: Bearer $KYC_API_KEY" \\',
      '  -H "Content-Type: application/json" \\',
      `  -d '{"redirectUrl":"https://www.acme.example/verification-done"}'`,
    ].join('\n'),
    sendTestEvent: `curl -X ${method(webhooksSendTest)} "${url(webhooksSendTest)}" \\\n  -H "Authorization: Bearer $KYC_API_KEY" \\\n  -H "Idempotency-Key: test-1001"`,
    webhookEvents: `curl "${url(webhooksListEvents)}?page=1&pageSize=25" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,
    webhookEventsResponse: JSON.stringify(
      {
        items: [
          {
            id: '3b0c9a2e-7d1f-4c55-9a3e-0c6b2f1d8e47',
            type: 'applicant.decided',
            status: 'pending',
            attempts: 2,
            lastResponseCode: 503,
            lastError: null,
            nextAttemptAt: '2026-11-21T10:25:05.000Z',
            createdAt: '2026-11-21T10:20:00.000Z',
            organizationId: '5b7e…',
            applicantUserId: EXAMPLE_USER_ID,
            payload: '{"type":"applicant.decided",…}',
          },
        ],
        meta: { page: 1, pageLength: 1, totalPages: 1, hasPreviousPage: false, hasNextPage: false },
      },
      null,
      2,
    ),
    webhookDeliveries: `curl "${url(webhooksListDeliveries, { id: '$KYC_EVENT_ID' })}" \\\n  -H "Authorization: Bearer $KYC_API_KEY"`,
    webhookDeliveriesResponse: JSON.stringify(
      [
        { id: '2656…', attempt: 1, responseCode: 503, error: null, durationMs: 41, createdAt: '2026-11-21T10:20:00.120Z' },
        { id: '7c1e…', attempt: 2, responseCode: 503, error: null, durationMs: 38, createdAt: '2026-11-21T10:20:05.160Z' },
      ],
      null,
      2,
    ),

    webhookRequest: [
      'POST /kyc-webhook HTTP/1.1',
      'Content-Type: application/json',
      'webhook-id: 3b0c9a2e-7d1f-4c55-9a3e-0c6b2f1d8e47',
      'webhook-timestamp: 1795230000',
      'webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      '',
      JSON.stringify({
        type: 'applicant.decided',
        timestamp: '2026-11-21T10:20:00.000Z',
        data: {
          organizationId: '5b7e…',
          userId: EXAMPLE_USER_ID,
          kycStatus: 'completed',
          documentType: 'PASSPORT',
          reviewAnswer: 'approved',
          rejectType: null,
          rejectReason: null,
        },
      }),
    ].join('\n'),

    installVerifier: 'npm install standardwebhooks express',
    verifyWebhook: [
      "import express from 'express';",
      "import { Webhook } from 'standardwebhooks';",
      '',
      '// "whsec_…" from Settings → Webhooks → Signing secret',
      'const webhook = new Webhook(process.env.KYC_WEBHOOK_SECRET);',
      'const app = express();',
      '',
      '// Verify the raw bytes: parse JSON only after the signature checks out.',
      "app.post('/kyc-webhook', express.raw({ type: 'application/json' }), (req, res) => {",
      '  let event;',
      '  try {',
      '    event = webhook.verify(req.body, req.headers); // throws when forged or older than 5 minutes',
      '  } catch {',
      '    return res.status(400).end();',
      '  }',
      '  // Retries repeat the same webhook-id: ignore ids you have already handled.',
      "  if (event.type === 'applicant.decided') {",
      '    console.log(event.data.userId, event.data.reviewAnswer, event.data.rejectReason);',
      '  }',
      '  res.status(204).end(); // any 2xx within 15 seconds acknowledges',
      '});',
      '',
      'app.listen(4000);',
    ].join('\n'),
  };
}
