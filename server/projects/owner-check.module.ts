import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganizationsController } from './organizations.controller.js';
import { Organization } from './organization.entity.js';
import { OwnerCheckService } from './owner-check.service.js';

/**
 * GET /api/organizations/owner-check and the OwnerCheckService the account deletion uses.
 * Imported by AuthModule; a Nest module is instantiated once, so importing it elsewhere too is safe.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Organization])],
  controllers: [OrganizationsController],
  providers: [OwnerCheckService],
  exports: [OwnerCheckService],
})
export class OwnerCheckModule {}
