import { Controller, Get, Query } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { ExactRole } from '../common/access/roles.decorator.js';
import { AuditService } from './audit.service.js';
import { AuditEventAdminPageDto, AuditQueryDto } from './dto/audit-event.dto.js';

@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ExactRole('super-admin')
  @RequirePermission('audit', 'read')
  @ApiOkResponse({ type: AuditEventAdminPageDto, description: 'The whole audit trail, newest first, filtered and paged' })
  @ApiForbiddenResponse({ description: 'Only a super-admin may read the platform-wide trail' })
  @ApiOperation({
    summary: 'Read the audit trail',
    description:
      'The platform-wide audit trail for super-admins, newest first, filtered and paged: sign-ins, changes to applicants, organizations, roles and settings.',
  })
  list(@Query() query: AuditQueryDto): Promise<AuditEventAdminPageDto> {
    return this.audit.list(query);
  }
}
