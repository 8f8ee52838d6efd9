import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { ComparedField } from '../applicants/analysis/document-data.js';
import { fakeApplicants, type FakeApplicant } from '../fake-data/fake-applicant.js';
import type { FakeSubmissionPool } from '../analysis/fake-submission-pool.js';
import { asTyped, photoTrouble, type FakeSubmission } from '../fake-data/fake-submission.js';
import { documentAnalysisChecks } from '../applicants/analysis/document-checks.js';
import { FAKE_ANALYSIS_MS, insertFakeApplicants, insertFakeSubmissions } from '../fake-data/insert-fake-applicants.js';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { newCompanyKey } from '../organizations/company-key.js';
import { Organization } from '../organizations/organization.entity.js';
import { applicantEventBody } from '../webhooks/webhook-events.js';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity.js';
import { WebhookEvent } from '../webhooks/webhook-event.entity.js';
import { DEMO_ORGANIZATIONS } from './demo.constants.js';

const REVIEWERS = ['maria.reviewer', 'tom.compliance'];
const MINUTE = 60_000;

interface DemoOrganizationData {
  name: string;
  /** The applicants as they typed their data. */
  applicants: FakeApplicant[];
  /** Why a reviewer put each applicant on hold (null for one not on hold). */
  heldFor: (string | null)[];
  /** The applicants as their documents show them: what is drawn. */
  documented: FakeApplicant[];
}

/** Each organization's submissions (photos, measures, data read), applicant by applicant. */
type DemoSubmissions = (FakeSubmission | null)[][];

/** One day's demo data: the applicants at once, their drawn submissions once the drawing threads finish. */
export interface DemoDataset {
  drawnAt: number;
  organizations: DemoOrganizationData[];
  /** Resolves when every submission is drawn (never rejects: null when the drawing failed). */
  submissions: Promise<DemoSubmissions | null>;
  /** The submissions once drawn, else null. */
  drawn: DemoSubmissions | null;
}

/** The applicants of an account that still waits for its photos and analysis results. */
export interface PendingSubmissions {
  organizations: { organizationId: string; applicants: (FakeApplicant & { id: string })[] }[];
}

/**
 * Fills a new demo account: two organizations with realistic applicants (identity data,
 * document photos and analysis results from the shared generator), the audit trail of
 * their decisions, and a webhook delivery log with successes, retries and failures.
 * When the dataset's photos are not drawn yet, the applicants go in without them and
 * the result says which to complete with insertDemoSubmissions once they are.
 */
export async function seedDemoAccount(manager: EntityManager, ownerId: string, now: Date, dataset: DemoDataset): Promise<PendingSubmissions | null> {
  const pending: PendingSubmissions = { organizations: [] };
  for (const [index, { name, applicants, heldFor }] of dataset.organizations.entries()) {
    const organizationId = randomUUID();
    await manager.insert(Organization, {
      id: organizationId,
      name,
      ownerId,
      companyKey: newCompanyKey(),
      createdAt: new Date(now.getTime() - 90 * 24 * 60 * MINUTE),
    });
    const ids = await insertFakeApplicants(manager, organizationId, applicants, { submissions: dataset.drawn?.[index] });
    const inserted = applicants.map((applicant, i) => ({ ...applicant, id: ids[i] }));
    if (dataset.drawn) await insertAnalysedEvents(manager, organizationId, inserted, dataset.drawn[index]);
    pending.organizations.push({ organizationId, applicants: inserted });
    await insertAuditTrail(manager, organizationId, applicants, heldFor, ids);
    await insertWebhookLog(manager, ownerId, organizationId, applicants, now);
  }
  return dataset.drawn ? null : pending;
}

/** Completes an account seeded before its dataset's photos were drawn. */
export async function insertDemoSubmissions(manager: EntityManager, pending: PendingSubmissions, submissions: DemoSubmissions): Promise<void> {
  for (const [index, { organizationId, applicants }] of pending.organizations.entries()) {
    await insertFakeSubmissions(manager, applicants, submissions[index]);
    await insertAnalysedEvents(manager, organizationId, applicants, submissions[index]);
  }
}

/** The audit entry the document analysis leaves on each submitted applicant: its checks' verdicts. */
async function insertAnalysedEvents(
  manager: EntityManager,
  organizationId: string,
  applicants: (FakeApplicant & { id: string })[],
  submissions: (FakeSubmission | null)[],
): Promise<void> {
  const rows = applicants.flatMap((applicant, i): Partial<AuditEvent>[] => {
    const submission = submissions[i];
    if (!submission || !applicant.submittedAt) return [];
    const checks = documentAnalysisChecks(applicant, { read: submission.read, reason: submission.reason, unavailable: false }, applicant.submittedAt);
    return [
      {
        id: randomUUID(),
        organizationId,
        applicantId: applicant.id,
        actorId: null,
        actorName: 'analysis',
        action: 'applicant.analysed',
        detail: { checks: checks.map(({ name, verdict }) => ({ name, verdict })) },
        createdAt: new Date(applicant.submittedAt.getTime() + FAKE_ANALYSIS_MS),
      },
    ];
  });
  for (let i = 0; i < rows.length; i += 200) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(AuditEvent)
      .values(rows.slice(i, i + 200) as QueryDeepPartialEntity<AuditEvent>[])
      .updateEntity(false)
      .execute();
  }
}

/**
 * Drawing the ~55 submissions (documents, selfies, measures) takes some seconds of CPU:
 * it runs on worker threads, once for every demo account of six hours. The applicants
 * are ready at once; a fresh dataset replaces the old one when its drawing is done.
 */
const DATASET_LIFETIME_MS = 6 * 60 * MINUTE;

export class DemoDatasets {
  private current: DemoDataset | undefined;
  private next: DemoDataset | undefined;

  constructor(
    private readonly pool: FakeSubmissionPool,
    private readonly report: { drawn: (applicants: number, ms: number) => void; failed: (error: unknown) => void },
  ) {}

  /** The dataset to seed accounts from now (starting the drawing of a fresh one when it is stale). */
  get(now: Date): DemoDataset {
    this.current ??= this.draw(now);
    const age = now.getTime() - this.current.drawnAt;
    if ((age > DATASET_LIFETIME_MS || age < 0) && !this.next) {
      const next = this.draw(now);
      this.next = next;
      void next.submissions.then((drawn) => {
        if (drawn) this.current = next;
        this.next = undefined;
      });
    }
    return this.current;
  }

  private draw(now: Date): DemoDataset {
    const organizations = DEMO_ORGANIZATIONS.map((spec, index): DemoOrganizationData => {
      const documented = fakeApplicants(spec.applicants, { seed: `demo-${index}`, now }).map((a) => recent(a, now));
      const typed = documented.map(asTyped);
      return { name: spec.name, documented, applicants: typed.map((t) => t.applicant), heldFor: documented.map((a, i) => heldReason(a, typed[i].slip)) };
    });
    const dataset: DemoDataset = { drawnAt: now.getTime(), organizations, drawn: null, submissions: Promise.resolve(null) };
    const started = performance.now();
    dataset.submissions = Promise.all(organizations.map((organization) => this.pool.draw(organization.documented))).then(
      (drawn) => {
        this.report.drawn(drawn.flat().filter(Boolean).length, performance.now() - started);
        return (dataset.drawn = drawn);
      },
      (error: unknown) => {
        this.report.failed(error);
        return null;
      },
    );
    return dataset;
  }
}

const SLIP_NAMES: Record<ComparedField, string> = {
  name: 'name',
  dateOfBirth: 'date of birth',
  docNumber: 'document number',
  expiryDate: 'expiry date',
  sex: 'sex',
};

/** What a reviewer who put the applicant on hold wrote: the mistyped field, the spoilt photo, or else a proof of address. */
function heldReason(applicant: FakeApplicant, slip: ComparedField | null): string | null {
  if (applicant.kycStatus !== 'onHold') return null;
  if (slip) return `Asked the applicant to confirm the ${SLIP_NAMES[slip]} (differs from the document)`;
  if (photoTrouble(applicant)) return `Waiting for a clearer photo of the ${applicant.documentType === 'PASSPORT' ? 'data page' : 'back side'}`;
  return 'Waiting for a proof of address';
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

async function insertAuditTrail(
  manager: EntityManager,
  organizationId: string,
  applicants: FakeApplicant[],
  heldFor: (string | null)[],
  ids: string[],
): Promise<void> {
  const rows: Partial<AuditEvent>[] = [];
  applicants.forEach((applicant, i) => {
    const base = { organizationId, applicantId: ids[i], actorId: null };
    if (applicant.submittedAt) {
      rows.push({
        ...base,
        id: randomUUID(),
        actorName: 'applicant',
        action: 'applicant.submitted',
        detail: { documentType: applicant.documentType },
        createdAt: applicant.submittedAt,
      });
    }
    if (!applicant.decidedAt) return;
    const actorName = REVIEWERS[i % REVIEWERS.length];
    const decidedAt = applicant.decidedAt;
    rows.push({ ...base, id: randomUUID(), actorName, action: 'applicant.viewed', detail: null, createdAt: new Date(decidedAt.getTime() - 3 * MINUTE) });
    if (applicant.kycStatus === 'onHold') {
      const reason = heldFor[i];
      rows.push({ ...base, id: randomUUID(), actorName, action: 'applicant.held', detail: { reason }, createdAt: decidedAt });
    } else if (applicant.reviewAnswer) {
      const action = applicant.reviewAnswer === 'approved' ? 'applicant.approved' : 'applicant.rejected';
      rows.push({
        ...base,
        id: randomUUID(),
        actorName,
        action,
        detail: applicant.rejectReason ? { reason: applicant.rejectReason, rejectType: applicant.rejectType } : null,
        createdAt: decidedAt,
      });
    }
  });
  for (let i = 0; i < rows.length; i += 200) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(AuditEvent)
      .values(rows.slice(i, i + 200) as QueryDeepPartialEntity<AuditEvent>[])
      .updateEntity(false)
      .execute();
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
