import { Injectable, Logger } from '@nestjs/common';
import type { Applicant } from './applicant.entity.js';
import { OwnerSettingsReader } from '../webhooks/owner-settings.reader.js';
import { StatusBus } from '../common/events/status-bus.js';
import type { KycSessionStatus } from '../common/events/status-event.js';

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
    private readonly ownerSettings: OwnerSettingsReader,
  ) {}

  async publish(applicant: Pick<Applicant, 'organizationId' | 'userId' | 'kycStatus' | 'reviewAnswer'>): Promise<void> {
    try {
      await this.bus.publish({
        organizationId: applicant.organizationId,
        userId: applicant.userId,
        status: kycSessionStatus(applicant),
        redirectUrl: (await this.ownerSettings.forOrganization(applicant.organizationId))?.redirectUrl ?? null,
      });
    } catch (error) {
      this.logger.error(`Could not announce a status change: ${(error as Error).message}`);
    }
  }
}
