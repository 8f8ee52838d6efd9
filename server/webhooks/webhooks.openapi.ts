import type { PathItemObject } from '@nestjs/swagger';
import {
  applicantEventBody,
  testEventBody,
  TEST_EVENT_TYPE,
  type ApplicantEventExtra,
  type ApplicantEventType,
  type ApplicantSnapshot,
} from './webhook-events.js';
import { WEBHOOK_USER_AGENT } from './webhook-dispatcher.js';

type Status = Omit<ApplicantSnapshot, 'userId'>;

/**
 * When each applicant event is sent (docs/api.md, Webhooks, has the same table), with an
 * example built by the code that builds the real bodies: the OpenAPI lint checks it
 * against the ApplicantWebhookEvent schema, so the schema cannot drift from the payload.
 */
const APPLICANT_EVENTS: Record<ApplicantEventType, { summary: string; description: string; status: Status; extra?: ApplicantEventExtra }> = {
  'applicant.submitted': {
    summary: 'The end user submitted',
    description: 'The end user finished the verification widget; automatic checks start (`kycStatus` `pending`).',
    status: { kycStatus: 'pending', documentType: 'PASSPORT', reviewAnswer: null, rejectType: null, rejectReason: null },
  },
  'applicant.prechecked': {
    summary: 'Automatic checks finished',
    description: 'The automatic checks of a submission finished (`kycStatus` `prechecked`); the applicant waits for review.',
    status: { kycStatus: 'prechecked', documentType: 'PASSPORT', reviewAnswer: null, rejectType: null, rejectReason: null },
  },
  'applicant.decided': {
    summary: 'Approved or rejected',
    description:
      'Staff — or the organization’s verification policy — approved or rejected the applicant (`kycStatus` `completed`, `reviewAnswer` `approved` or `rejected`, with `rejectType` `final` or `resubmission` and `rejectReason`). An automatic decision adds `decision`; a decision made with a label adds `label`.',
    status: { kycStatus: 'completed', documentType: 'PASSPORT', reviewAnswer: 'rejected', rejectType: 'resubmission', rejectReason: 'The photo is blurred' },
    extra: { label: { code: 'BLURRY_PHOTO', title: 'The photo is blurred' } },
  },
  'applicant.on_hold': {
    summary: 'Put on hold',
    description: 'Staff put the applicant on hold, or ongoing sanctions monitoring did (`kycStatus` `onHold`).',
    status: { kycStatus: 'onHold', documentType: 'ID_CARD', reviewAnswer: null, rejectType: null, rejectReason: null },
  },
  'applicant.reset': {
    summary: 'Reset',
    description: 'Staff reset the applicant: identity data and images cleared, review cleared (`kycStatus` `init`).',
    status: { kycStatus: 'init', documentType: null, reviewAnswer: null, rejectType: null, rejectReason: null },
  },
  'applicant.updated': {
    summary: 'Edited by staff',
    description: 'Staff edited the applicant’s data or status.',
    status: { kycStatus: 'prechecked', documentType: 'DRIVERS', reviewAnswer: null, rejectType: null, rejectReason: null },
  },
  'applicant.screening_hit': {
    summary: 'A new sanctions hit',
    description:
      'Ongoing monitoring rescreened a verified applicant after a sanctions list changed and found a listed person not raised before; `data.screening.hits` lists each. The applicant is put on hold in the same change, so an `applicant.on_hold` event is sent too.',
    status: { kycStatus: 'onHold', documentType: 'PASSPORT', reviewAnswer: 'approved', rejectType: null, rejectReason: null },
    extra: { screening: { hits: [{ list: 'ofac-sdn', externalId: '36216', name: 'Ivan Petrov', score: 0.93 }] } },
  },
  'applicant.resubmission_requested': {
    summary: 'One step to redo',
    description: 'Staff asked the end user to redo one step of the verification; `data.resubmission.step` names it and `data.label` says why.',
    status: { kycStatus: 'init', documentType: 'ID_CARD', reviewAnswer: null, rejectType: null, rejectReason: null },
    extra: { label: { code: 'BACK_SIDE_UNREADABLE', title: 'The back of the card cannot be read' }, resubmission: { step: 'document-back' } },
  },
  'applicant.duplicate_found': {
    summary: 'Its face on a later applicant',
    description:
      'A later applicant’s selfie has the face of this applicant, which was already decided (approved, rejected or on hold); `data.duplicate` names the later applicant (`userId`), how similar the faces are and whether the name or date of birth differs. The applicant’s status does not change: its duplicate-face check is flagged for staff to look at again. Not sent while the applicant waits for review (staff see the flag in the queue).',
    status: { kycStatus: 'completed', documentType: 'PASSPORT', reviewAnswer: 'approved', rejectType: null, rejectReason: null },
    extra: { duplicate: { userId: 'customer-77', similarity: 0.82, differentIdentity: true } },
  },
};

/** The Standard Webhooks headers every attempt carries (server/webhooks/webhook-dispatcher.service.ts). */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header' as const,
    required: true,
    description: 'The event’s id, the same on every retry of the event: use it to ignore duplicates.',
    schema: { type: 'string' as const, format: 'uuid' },
    example: '3b0c9a2e-7d1f-4c55-9a3e-0c6b2f1d8e47',
  },
  {
    name: 'webhook-timestamp',
    in: 'header' as const,
    required: true,
    description: 'When this attempt was signed, in seconds since the Unix epoch. Reject values far from your clock (5 minutes) to stop replays.',
    schema: { type: 'string' as const, pattern: '^[0-9]+$' },
    example: '1795230000',
  },
  {
    name: 'webhook-signature',
    in: 'header' as const,
    required: true,
    description:
      '`v1,` followed by the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of your signing secret after `whsec_`. Verify against the raw body bytes.',
    schema: { type: 'string' as const },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
  {
    name: 'User-Agent',
    in: 'header' as const,
    required: true,
    description: 'The payload version: version 1 payloads only gain fields and event types.',
    schema: { type: 'string' as const, enum: [WEBHOOK_USER_AGENT] },
  },
];

const DELIVERY_RESPONSES = {
  '2XX': { description: 'Acknowledged (within 15 seconds). Any other answer, a redirect, a timeout or a connection error is a failed attempt.' },
  '4XX': {
    description:
      'A failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; after the 8th failed attempt the event is marked failed. Answer 400 to a body whose signature does not verify.',
  },
};

const AT = new Date('2026-11-21T10:20:00.000Z');
const ORGANIZATION_ID = '5b7e2d0c-1f3a-4c8e-9b6d-2a4f8e1c7d90';

/**
 * The document's `webhooks`: one entry per event type, each a POST to the account's
 * webhook URL with the Standard Webhooks signature headers.
 */
export function webhookOperations(): Record<string, PathItemObject> {
  const entries: [string, PathItemObject][] = Object.entries(APPLICANT_EVENTS).map(([type, event]) => [
    type,
    {
      post: {
        operationId: `Webhook_${type.replace('applicant.', 'applicant_')}`,
        tags: ['webhook events'],
        summary: event.summary,
        description: `${event.description}\n\nSent to the webhook URL of the organization's owner (PUT /api/users/webhook), signed with the account's secret.`,
        // Authenticated by the webhook-signature header (no OpenAPI scheme expresses an HMAC of the body).
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ApplicantWebhookEvent' },
              example: applicantEventBody(type as ApplicantEventType, AT, ORGANIZATION_ID, { userId: 'customer-42', ...event.status }, event.extra),
            },
          },
        },
        responses: DELIVERY_RESPONSES,
      },
    },
  ]);
  entries.push([
    TEST_EVENT_TYPE,
    {
      post: {
        operationId: 'Webhook_webhook_test',
        tags: ['webhook events'],
        summary: 'A test event',
        description: 'Sent by POST /api/webhooks/test, at once, to check that your endpoint receives and verifies events.',
        // Authenticated by the webhook-signature header (no OpenAPI scheme expresses an HMAC of the body).
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/TestWebhookEvent' },
              example: testEventBody(AT),
            },
          },
        },
        responses: DELIVERY_RESPONSES,
      },
    },
  ]);
  return Object.fromEntries(entries);
}
