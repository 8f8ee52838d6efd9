import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AuditService } from '../../audit/audit.service.js';
import { OrganizationAccessService } from '../../organizations/organization-access.service.js';
import type { User } from '../../users/user.entity.js';
import { ApplicantsQueryService } from '../../applicants/applicants-query.service.js';
import type { ApplicantListItemDto, ApplicantQueueQueryDto } from '../../applicants/dto/applicant-list.dto.js';
import { describeFilters, toListFilters } from '../../applicants/queue-filters.js';
import { ReviewSla } from '../assignment/review-sla.js';
import { csvLine } from './csv.js';

/** Rows read per query: the export never holds more than one batch. */
export const EXPORT_BATCH = 1000;

export const EXPORT_COLUMNS: readonly [string, (item: ApplicantListItemDto) => string | null][] = [
  ['userId', (item) => item.userId],
  ['name', (item) => item.name],
  ['country', (item) => item.country],
  ['kycStatus', (item) => item.kycStatus],
  ['reviewAnswer', (item) => item.reviewAnswer],
  ['documentType', (item) => item.documentType],
  ['submittedAt', (item) => item.submittedAt],
  ['updatedAt', (item) => item.updatedAt],
  ['flaggedChecks', (item) => item.flaggedChecks.join(' ')],
  ['assignee', (item) => item.assignee?.name ?? null],
  ['tags', (item) => item.tags.map((tag) => tag.name).join('; ')],
];

export interface ApplicantExport {
  /** The rows the filters matched when the export started (the X-Total-Count header). */
  expectedRows: number;
  stream: Readable;
}

/**
 * The filtered list as CSV, read in keyset batches along the list's order (a batch at a
 * time in memory, whatever the size), each cell formula-injection-safe. Recorded as
 * applicant.list_exported with the filters and the row count once the last row is out.
 */
@Injectable()
export class ApplicantExports {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: OrganizationAccessService,
    private readonly audit: AuditService,
    private readonly applicants: ApplicantsQueryService,
    private readonly sla: ReviewSla,
  ) {}

  async exportCsv(user: User, organizationId: string, query: ApplicantQueueQueryDto): Promise<ApplicantExport> {
    const { organization } = await this.access.requireMember(user, organizationId);
    const filters = toListFilters(user, query, await this.sla.forQuery(user, organization.id, query));
    const order = this.applicants.orderOf(organization.id, query);
    const reader = this.applicants.listReader;
    const expectedRows = await reader.total(organization.id, filters, query.search);
    const manager = this.dataSource.manager;
    const audit = this.audit;
    const applicants = this.applicants;
    async function* lines(): AsyncGenerator<string> {
      yield csvLine(EXPORT_COLUMNS.map(([name]) => name));
      let after: string | undefined;
      let rows = 0;
      for (;;) {
        const batch = await reader.following(order, filters, after, EXPORT_BATCH, query.search);
        if (batch.length === 0) break;
        const items = await applicants.listItems(batch);
        yield items.map((item) => csvLine(EXPORT_COLUMNS.map(([, value]) => value(item)))).join('');
        rows += batch.length;
        if (batch.length < EXPORT_BATCH) break;
        after = batch[batch.length - 1].userId;
      }
      await audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        action: 'applicant.list_exported',
        detail: { filters: describeFilters(query), rows },
      });
    }
    return { expectedRows, stream: Readable.from(lines()) };
  }
}
