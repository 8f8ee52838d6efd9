import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Applicant } from '../../applicants/applicant.entity.js';
import { StatusBus } from './status-bus.js';
import type { KycSessionStatus } from './status-event.js';

/**
 * What the verification page shows for an applicant: still to do (pending), being
 * checked or reviewed (processing), or decided (completed when approved, failed when
 * rejected).
 */
export function kycSessionStatus(applicant: Pick<Applicant, 'kycStatus' | 'reviewAnswer'>): KycSessionStatus {
  switch (applicant.kycStatus) {
    case 'init':
    case 'pending':
      return 'pending';
    case 'completed':
      return applicant.reviewAnswer === 'rejected' ? 'failed' : 'completed';
    default:
      return 'processing';
  }
}

/**
 * Announces an applicant's status to the status streams, after the change committed.
 * A failure to announce never fails the change itself: the stream also reads the
 * current status when it opens.
 */
@Injectable()
export class ApplicantStatusPublisher {
  private readonly logger = new Logger(ApplicantStatusPublisher.name);

  constructor(
    private readonly bus: StatusBus,
    private readonly dataSource: DataSource,
  ) {}

  async redirectUrlFor(organizationId: string): Promise<string | null> {
    const rows: { redirectUrl: string | null }[] = await this.dataSource.query(
      `SELECT "u"."redirectUrl" AS "redirectUrl" FROM "organizations" "o" JOIN "users" "u" ON "u"."id" = "o"."ownerId" WHERE "o"."id" = ${this.dataSource.options.type === 'postgres' ? '$1' : '?'}`,
      [organizationId],
    );
    return rows[0]?.redirectUrl ?? null;
  }

  async publish(applicant: Pick<Applicant, 'organizationId' | 'userId' | 'kycStatus' | 'reviewAnswer'>): Promise<void> {
    try {
      await this.bus.publish({
        organizationId: applicant.organizationId,
        userId: applicant.userId,
        status: kycSessionStatus(applicant),
        redirectUrl: await this.redirectUrlFor(applicant.organizationId),
      });
    } catch (error) {
      this.logger.error(`Could not announce a status change: ${(error as Error).message}`);
    }
  }
}
