import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';

/** Where an organization's results go: its owner's webhook and redirect settings. */
export interface OwnerSettings {
  ownerId: string;
  webhookUrl: string | null;
  redirectUrl: string | null;
}

/**
 * The one reader of an organization owner's integration settings, for the outbox (in
 * the caller's transaction), the verification page and the status stream.
 */
@Injectable()
export class OwnerSettingsReader {
  constructor(private readonly dataSource: DataSource) {}

  async forOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<OwnerSettings | null> {
    const row = await manager
      .createQueryBuilder()
      .select('u.id', 'ownerId')
      .addSelect('u.webhookUrl', 'webhookUrl')
      .addSelect('u.redirectUrl', 'redirectUrl')
      .from(User, 'u')
      .innerJoin(Organization, 'o', 'o.ownerId = u.id')
      .where('o.id = :organizationId', { organizationId })
      .getRawOne<OwnerSettings>();
    return row ?? null;
  }
}
