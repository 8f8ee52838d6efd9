import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { fakeApplicants, type FakeApplicant } from '../applicants/fake/fake-applicant.js';
import { fakeApplicantImages, type FakeImage } from '../applicants/fake/fake-images.js';
import { insertFakeApplicants } from '../applicants/fake/insert-fake-applicants.js';
import { ApplicantImage } from '../applicants/applicant-image.entity.js';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { newCompanyKey } from '../organizations/company-key.js';
import { Organization } from '../organizations/organization.entity.js';
import { applicantEventBody } from '../webhooks/webhook-events.js';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity.js';
import { WebhookEvent } from '../webhooks/webhook-event.entity.js';
import { DEMO_ORGANIZATIONS } from './demo.constants.js';

const REVIEWERS = ['maria.reviewer', 'tom.compliance'];
const MINUTE = 60_000;

/**
 * Fills a new demo account: two organizations with realistic applicants (identity data
 * and document images from the shared generator), the audit trail of their decisions,
 * and a webhook delivery log with successes, retries and failures.
 */
export async function seedDemoAccount(manager: EntityManager, ownerId: string, now: Date): Promise<void> {
  for (const { name, applicants, images } of demoDataset(now)) {
    const organizationId = randomUUID();
    await manager.insert(Organization, { id: organizationId, name, ownerId, companyKey: newCompanyKey(), createdAt: new Date(now.getTime() - 90 * 24 * 60 * MINUTE) });
    const ids = await insertFakeApplicants(manager, organizationId, applicants);
    await insertImages(manager, ids, images);
    await insertAuditTrail(manager, organizationId, applicants, ids);
    await insertWebhookLog(manager, ownerId, organizationId, applicants, now);
  }
}

interface DemoOrganizationData {
  name: string;
  applicants: FakeApplicant[];
  /** The document images of each applicant, in the same order. */
  images: FakeImage[][];
}

/** Drawing ~160 document images takes about a second; every demo account of the day shares one drawing. */
const DATASET_LIFETIME_MS = 6 * 60 * MINUTE;
let dataset: { drawnAt: number; organizations: DemoOrganizationData[] } | undefined;

export function demoDataset(now: Date): DemoOrganizationData[] {
  if (!dataset || now.getTime() - dataset.drawnAt > DATASET_LIFETIME_MS || now.getTime() < dataset.drawnAt) {
    dataset = {
      drawnAt: now.getTime(),
      organizations: DEMO_ORGANIZATIONS.map((spec, index) => {
        const applicants = fakeApplicants(spec.applicants, { seed: `demo-${index}`, now }).map((a) => recent(a, now));
        return { name: spec.name, applicants, images: applicants.map(fakeApplicantImages) };
      }),
    };
  }
  return dataset.organizations;
}

/** The generator spreads activity over six months; a demo reads better with most of it in the last few weeks. */
function recent(applicant: FakeApplicant, now: Date): FakeApplicant {
  const squeeze = (date: Date | null) => (date ? new Date(now.getTime() - (now.getTime() - date.getTime()) / 8) : null);
  return {
    ...applicant,
    createdAt: squeeze(applicant.createdAt)!,
    updatedAt: squeeze(applicant.updatedAt)!,
    submittedAt: squeeze(applicant.submittedAt),
    decidedAt: squeeze(applicant.decidedAt),
  };
}

async function insertImages(manager: EntityManager, applicantIds: string[], images: FakeImage[][]): Promise<void> {
  const rows = images.flatMap((set, i) => set.map((image) => ({ ...image, id: randomUUID(), applicantId: applicantIds[i] })));
  for (let i = 0; i < rows.length; i += 30) {
    await manager.createQueryBuilder().insert().into(ApplicantImage).values(rows.slice(i, i + 30)).updateEntity(false).execute();
  }
}

async function insertAuditTrail(manager: EntityManager, organizationId: string, applicants: FakeApplicant[], ids: string[]): Promise<void> {
  const rows: Partial<AuditEvent>[] = [];
  applicants.forEach((applicant, i) => {
    const base = { organizationId, applicantId: ids[i], actorId: null };
    if (applicant.submittedAt) {
      rows.push({ ...base, id: randomUUID(), actorName: 'applicant', action: 'applicant.submitted', detail: { documentType: applicant.documentType }, createdAt: applicant.submittedAt });
    }
    if (!applicant.decidedAt) return;
    const actorName = REVIEWERS[i % REVIEWERS.length];
    const decidedAt = applicant.decidedAt;
    rows.push({ ...base, id: randomUUID(), actorName, action: 'applicant.viewed', detail: null, createdAt: new Date(decidedAt.getTime() - 3 * MINUTE) });
    if (applicant.kycStatus === 'onHold') {
      rows.push({ ...base, id: randomUUID(), actorName, action: 'applicant.held', detail: { reason: 'Waiting for a clearer photo of the back side' }, createdAt: decidedAt });
    } else if (applicant.reviewAnswer) {
      const action = applicant.reviewAnswer === 'approved' ? 'applicant.approved' : 'applicant.rejected';
      rows.push({ ...base, id: randomUUID(), actorName, action, detail: applicant.rejectReason ? { reason: applicant.rejectReason, rejectType: applicant.rejectType } : null, createdAt: decidedAt });
    }
  });
  for (let i = 0; i < rows.length; i += 200) {
    await manager.createQueryBuilder().insert().into(AuditEvent).values(rows.slice(i, i + 200) as QueryDeepPartialEntity<AuditEvent>[]).updateEntity(false).execute();
  }
}

/** Delivered events, one that needed retries, and one that finally failed. */
async function insertWebhookLog(manager: EntityManager, userId: string, organizationId: string, applicants: FakeApplicant[], now: Date): Promise<void> {
  const decided = applicants.filter((a) => a.decidedAt && a.reviewAnswer).slice(0, 8);
  for (const [i, applicant] of decided.entries()) {
    const createdAt = applicant.decidedAt!;
    const outcome = i === 2 ? 'retried' : i === 5 ? 'failed' : 'delivered';
    const codes = outcome === 'retried' ? [503, 503, 200] : outcome === 'failed' ? [500, 500, 500, 500, 500, 500, 500, 500] : [200];
    const eventId = randomUUID();
    await manager.insert(WebhookEvent, {
      id: eventId,
      userId,
      organizationId,
      applicantUserId: applicant.userId,
      type: 'applicant.decided',
      payload: JSON.stringify(applicantEventBody('applicant.decided', createdAt, organizationId, applicant)),
      status: outcome === 'failed' ? 'failed' : 'delivered',
      attempts: codes.length,
      nextAttemptAt: createdAt,
      lastResponseCode: codes.at(-1)!,
      lastError: outcome === 'failed' ? 'The receiver answered 500' : null,
      lockedUntil: null,
      createdAt,
    });
    await manager.insert(
      WebhookDelivery,
      codes.map((responseCode, attempt) => ({
        id: randomUUID(),
        eventId,
        attempt: attempt + 1,
        responseCode,
        error: responseCode >= 300 ? `The receiver answered ${responseCode}` : null,
        durationMs: 40 + ((i * 37 + attempt * 11) % 180),
        createdAt: new Date(Math.min(now.getTime(), createdAt.getTime() + attempt * 5 * MINUTE)),
      })),
    );
  }
}
