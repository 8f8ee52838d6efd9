import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module.js';
import { SanctionsListEntity } from './sanctions-list-entity.entity.js';
import { SanctionsListImport } from './sanctions-list-import.entity.js';
import { SanctionsListsController } from './sanctions-lists.controller.js';
import { SanctionsListsService } from './sanctions-lists.service.js';

/** Sanctions lists: imports of the official files (upload, CLI; the pick-up directory is SanctionsPickupModule) and their entities. */
@Module({
  imports: [TypeOrmModule.forFeature([SanctionsListImport, SanctionsListEntity]), AuditModule],
  controllers: [SanctionsListsController],
  providers: [SanctionsListsService],
  exports: [SanctionsListsService],
})
export class SanctionsModule {}
