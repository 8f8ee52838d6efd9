import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import type { User } from '../users/user.entity.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { APPLICANT_ERRORS, applicantNotFound } from '../applicants/applicants.errors.js';
import { ApplicantErasures } from './erasure/applicant-erasures.js';
import { toLegalHold, type LegalHoldDto } from '../applicants/dto/legal-hold.dto.js';

/** Legal holds: an owner or administrator exempts an applicant from retention and erasure, and lifts it; both audited with the reason. */
@Injectable()
export class LegalHolds {
  constructor(
    private readonly dataSource: DataSource,
    private readonly erasures: ApplicantErasures,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async place(user: User, organizationId: string, userId: string, reason: string): Promise<LegalHoldDto> {
    const { organization } = await this.erasures.requireEraser(user, organizationId);
    const hold = { legalHoldAt: this.clock.now(), legalHoldBy: user.username.slice(0, 64), legalHoldReason: reason };
    await this.dataSource.transaction(async (manager) => {
      const applicant = await manager
        .getRepository(Applicant)
        .findOne({ where: { organizationId: organization.id, userId }, select: { id: true, legalHoldAt: true } });
      if (!applicant) throw applicantNotFound();
      const placed = await manager.update(Applicant, { id: applicant.id, legalHoldAt: IsNull() }, hold);
      if (!placed.affected) throw APPLICANT_ERRORS.error('LEGAL_HOLD_ALREADY_PLACED');
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.legal_hold_placed',
        detail: { reason },
      });
    });
    return toLegalHold(hold)!;
  }

  async lift(user: User, organizationId: string, userId: string, reason: string): Promise<void> {
    const { organization } = await this.erasures.requireEraser(user, organizationId);
    await this.dataSource.transaction(async (manager) => {
      const applicant = await manager.getRepository(Applicant).findOne({ where: { organizationId: organization.id, userId }, select: { id: true } });
      if (!applicant) throw applicantNotFound();
      const lifted = await manager.update(
        Applicant,
        { id: applicant.id, legalHoldAt: Not(IsNull()) },
        { legalHoldAt: null, legalHoldBy: null, legalHoldReason: null },
      );
      if (!lifted.affected) throw APPLICANT_ERRORS.error('LEGAL_HOLD_NOT_PLACED');
      await this.audit.record(manager, {
        actor: user,
        organizationId: organization.id,
        applicantId: applicant.id,
        action: 'applicant.legal_hold_lifted',
        detail: { reason },
      });
    });
  }
}
