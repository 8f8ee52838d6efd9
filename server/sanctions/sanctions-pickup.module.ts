import { Module } from '@nestjs/common';
import { ListDirectoryService } from './list-directory.service.js';
import { SanctionsModule } from './sanctions.module.js';

/**
 * The pick-up directory (SANCTIONS_LISTS_DIR), apart from SanctionsModule because it is
 * scheduled: the analysis workers use the lists but run no scheduled jobs.
 */
@Module({
  imports: [SanctionsModule],
  providers: [ListDirectoryService],
  exports: [ListDirectoryService],
})
export class SanctionsPickupModule {}
