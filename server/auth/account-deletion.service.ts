import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { supportsRowLocks } from '../database/transaction.js';
import { DatabaseSessionStore } from '../sessions/session.store.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { AUTH_ERRORS } from './auth.errors.js';

export interface DeletionOptions {
  /** Refuse (409 ACCOUNT_OWNS_ORGANIZATION) rather than delete the organizations the accounts own. */
  refuseOwners?: boolean;
}

/**
 * Deletes an account and everything it owns. Foreign keys cascade from the user to its
 * organizations, their applicants, images and checks, its webhook outbox, tokens and
 * picture; the audit trail of its organizations (no foreign keys, by design) and its
 * sessions are removed here.
 *
 * The one door through which accounts are deleted, so it keeps the invariant "there is
 * always at least one super-admin": checked in the deleting transaction, on rows it has
 * locked (FOR UPDATE on PostgreSQL; on SQLite the transaction gate runs one transaction
 * at a time), so two deletions racing for the last two super-admins cannot both pass.
 * (No route changes an account's role; a future one must take the same lock.)
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: DatabaseSessionStore,
  ) {}

  async delete(userIds: string[], options: DeletionOptions = {}): Promise<void> {
    if (userIds.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      await this.assertASuperAdminRemains(manager, userIds);
      const organizations = await manager.find(Organization, { where: { ownerId: In(userIds) }, select: { id: true } });
      if (organizations.length > 0) {
        if (options.refuseOwners) throw AUTH_ERRORS.error('ACCOUNT_OWNS_ORGANIZATION');
        await manager.delete(AuditEvent, { organizationId: In(organizations.map((o) => o.id)) });
      }
      await manager.delete(User, { id: In(userIds) });
    });
    for (const userId of userIds) await this.sessions.destroyAllForUser(userId);
  }

  private async assertASuperAdminRemains(manager: EntityManager, userIds: string[]): Promise<void> {
    if (!(await manager.exists(User, { where: { id: In(userIds), role: 'super-admin' } }))) return;
    const query = manager.getRepository(User).createQueryBuilder('account').select('account.id').where('account.role = :role', { role: 'super-admin' });
    if (supportsRowLocks(this.dataSource)) query.setLock('pessimistic_write');
    const superAdmins = await query.getMany();
    if (superAdmins.every((account) => userIds.includes(account.id))) throw AUTH_ERRORS.error('LAST_SUPER_ADMIN');
  }
}
