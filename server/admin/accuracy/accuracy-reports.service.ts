import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, MoreThan, Not, Repository } from 'typeorm';
import { ApplicantCheck } from '../../applicants/applicant-check.entity.js';
import { Applicant } from '../../applicants/applicant.entity.js';
import { AuditEvent } from '../../audit/audit-event.entity.js';
import { AccuracyReport } from './accuracy-report.entity.js';
import { productionLabels, type AccuracyReportBody, type ProductionLabels, type ReviewedRead } from './accuracy-report.js';

/** Applicants read a page at a time: an instance may hold millions. */
const PAGE = 500;

/** What `applicant.updated` records of an edit. */
interface EditDetail {
  changes?: { field: string }[];
}

/**
 * The instance's accuracy reports: what its reviewers' decisions say of the document reader
 * (the labels), and the reports `npm run accuracy-report` stored, newest first.
 */
@Injectable()
export class AccuracyReportsService {
  constructor(
    @InjectRepository(AccuracyReport) private readonly reports: Repository<AccuracyReport>,
    @InjectRepository(Applicant) private readonly applicants: Repository<Applicant>,
    @InjectRepository(AuditEvent) private readonly audit: Repository<AuditEvent>,
    @InjectRepository(ApplicantCheck) private readonly checks: Repository<ApplicantCheck>,
  ) {}

  /**
   * Every applicant approved by a person (not by the policy) whose document's zone was read:
   * the read beside the identity as approved, and the fields staff edited after the read.
   */
  async productionLabels(): Promise<ProductionLabels> {
    const reviewed: ReviewedRead[] = [];
    // Page by id (each page starts after the last id seen), so a page costs the same however far in.
    for (let after = ''; ;) {
      const page = await this.applicants.find({
        where: { kycStatus: 'completed', reviewAnswer: 'approved', documentData: Not(IsNull()), ...(after ? { id: MoreThan(after) } : {}) },
        select: { id: true, name: true, dateOfBirth: true, docNumber: true, expiryDate: true, sex: true, documentData: true, decidedAt: true },
        order: { id: 'ASC' },
        take: PAGE,
      });
      reviewed.push(...(await this.reviewedOf(page)));
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
    }
    return productionLabels(reviewed);
  }

  private async reviewedOf(page: Applicant[]): Promise<ReviewedRead[]> {
    const withZone = page.filter((applicant) => applicant.documentData?.source === 'mrz');
    if (withZone.length === 0) return [];
    const ids = withZone.map((applicant) => applicant.id);
    const events = await this.audit.find({
      where: { applicantId: In(ids), action: In(['applicant.approved', 'applicant.updated']) },
      select: { applicantId: true, action: true, actorId: true, detail: true, createdAt: true },
      order: { createdAt: 'ASC' },
    });
    const reads = await this.checks.find({ where: { applicantId: In(ids), name: 'document-read' }, select: { applicantId: true, createdAt: true } });
    const readAt = new Map(reads.map((check) => [check.applicantId, check.createdAt.getTime()]));
    const eventsOf = new Map<string | null, AuditEvent[]>();
    for (const event of events) eventsOf.set(event.applicantId, [...(eventsOf.get(event.applicantId) ?? []), event]);
    return withZone.flatMap((applicant) => {
      const own = eventsOf.get(applicant.id) ?? [];
      const approval = own.filter((event) => event.action === 'applicant.approved').at(-1);
      // The policy approves with no account; a reviewer's (or an integration's) approval names one.
      if (!approval || approval.actorId === null) return [];
      const since = readAt.get(applicant.id) ?? 0;
      const editedFields = new Set(
        own
          .filter((event) => event.action === 'applicant.updated' && event.actorId !== null && event.createdAt.getTime() >= since)
          .flatMap((event) => (event.detail as EditDetail | null)?.changes?.map((change) => change.field) ?? []),
      );
      return [{ read: applicant.documentData!, approved: applicant, editedFields, decidedAt: applicant.decidedAt ?? approval.createdAt }];
    });
  }

  async save(report: AccuracyReportBody): Promise<AccuracyReport> {
    // Its own time to the millisecond: the database's default keeps whole seconds on SQLite.
    return this.reports.save(this.reports.create({ report, createdAt: new Date(report.createdAt) }));
  }

  /** The newest report, or null before the first `npm run accuracy-report`. */
  async latest(): Promise<AccuracyReport | null> {
    return this.reports.findOne({ where: {}, order: { createdAt: 'DESC' } });
  }
}
