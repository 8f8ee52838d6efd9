import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { DatabaseSessionStore } from '../sessions/session.store.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';

/**
 * Deletes an account and everything it owns. Foreign keys cascade from the user to its
 * organizations, their applicants, images and checks, its webhook outbox, tokens and
 * picture; the audit trail of its organizations (no foreign keys, by design) and its
 * sessions are removed here.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: DatabaseSessionStore,
  ) {}

  async delete(userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      const organizations = await manager.find(Organization, { where: { ownerId: In(userIds) }, select: { id: true } });
      if (organizations.length > 0) {
        await manager.delete(AuditEvent, { organizationId: In(organizations.map((o) => o.id)) });
      }
      await manager.delete(User, { id: In(userIds) });
    });
    for (const userId of userIds) await this.sessions.destroyAllForUser(userId);
  }
}
