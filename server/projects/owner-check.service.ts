import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Organization } from './organization.entity.js';

/** Whether a user owns an organization: an owner cannot delete their account (spec §6). */
@Injectable()
export class OwnerCheckService {
  constructor(@InjectRepository(Organization) private readonly organizations: Repository<Organization>) {}

  ownsAnOrganization(userId: string): Promise<boolean> {
    return this.organizations.exists({ where: { ownerId: userId } });
  }
}
